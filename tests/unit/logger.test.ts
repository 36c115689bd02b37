import { describe, expect, test } from "vitest";
import { isoTimeByMillisecond } from "../../server/platform/logger.ts";

describe("isoTimeByMillisecond", () => {
  test("pino's isoTime field, new at each millisecond", () => {
    let now = Date.UTC(2026, 10, 27, 6, 7, 1, 123);
    const time = isoTimeByMillisecond(() => now);
    expect(time()).toBe(',"time":"2026-11-27T06:07:01.123Z"');
    expect(time()).toBe(',"time":"2026-11-27T06:07:01.123Z"');
    now += 1;
    expect(time()).toBe(',"time":"2026-11-27T06:07:01.124Z"');
  });
});
