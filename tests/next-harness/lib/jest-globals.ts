/**
 * What Next.js's test files find as globals under Jest, for Vitest: `jest`
 * (its timers, mocks and timeout), and every page a test opened closed after it.
 */
import { afterAll, afterEach, vi } from "vitest";
import { closeOpenPages, quitBrowser } from "./browser.ts";
import "./dns.ts";

const jest = {
  setTimeout: (testTimeout: number) => vi.setConfig({ testTimeout, hookTimeout: testTimeout }),
  fn: vi.fn,
  spyOn: vi.spyOn,
  mocked: vi.mocked,
  retryTimes: () => undefined,
  useFakeTimers: vi.useFakeTimers,
  useRealTimers: vi.useRealTimers,
  advanceTimersByTime: vi.advanceTimersByTime,
  clearAllMocks: vi.clearAllMocks,
  resetAllMocks: vi.resetAllMocks,
  restoreAllMocks: vi.restoreAllMocks,
};
Object.assign(globalThis, { jest });

afterEach(closeOpenPages);
afterAll(quitBrowser);
