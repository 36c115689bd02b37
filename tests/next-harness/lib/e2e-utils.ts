/**
 * `e2e-utils` as Next.js's test files import it, in deploy mode: the app is
 * built and served by the runtime NEXT_HARNESS_RUNTIME names.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { SKIPPED_DEPLOYMENT } from "../table.ts";
import { NextInstance, type NextInstanceOpts } from "./instance.ts";

export { FileRef, PatchedFileRef, NextInstance } from "./instance.ts";
export type { NextInstanceOpts } from "./instance.ts";

export const isNextDev = false;
export const isNextDeploy = true;
export const isNextStart = false;
export const isRspack = false;
export const isTurbopack = false;

(globalThis as Record<string, unknown>).isNextDeploy = true;

let current: NextInstance | null = null;

export async function createNext(
  opts: NextInstanceOpts & { skipStart?: boolean },
): Promise<NextInstance> {
  if (current) throw new Error("createNext called without destroying the previous instance");
  const instance = new NextInstance(opts);
  current = instance;
  const destroy = instance.destroy.bind(instance);
  instance.destroy = async () => {
    current = null;
    await destroy();
  };
  try {
    instance.setup();
    if (!opts.skipStart) await instance.start();
  } catch (error) {
    await instance.destroy();
    throw error;
  }
  return instance;
}

export function nextTestSetup(
  options: NextInstanceOpts & { skipDeployment?: boolean; skipStart?: boolean },
) {
  let skipped = false;
  if (options.skipDeployment) {
    it.only(SKIPPED_DEPLOYMENT, () => {});
    skipped = true;
  }
  let next: NextInstance | undefined;
  if (!skipped) {
    beforeAll(async () => {
      next = await createNext(options);
    });
    afterAll(async () => {
      await next?.destroy();
    });
  }
  const proxy = new Proxy({} as NextInstance, {
    get(_target, property) {
      if (!next) throw new Error("next instance is not initialized yet: use it in a test's body");
      const value = (next as unknown as Record<PropertyKey, unknown>)[property];
      return typeof value === "function" ? value.bind(next) : value;
    },
  });
  return {
    isNextDev,
    isNextDeploy,
    isNextStart,
    isTurbopack,
    isRspack,
    next: proxy,
    skipped,
  };
}

/** The older form of `nextTestSetup`: a `describe` block given the instance. */
export function createNextDescribe(
  name: string,
  options: Parameters<typeof nextTestSetup>[0],
  fn: (context: ReturnType<typeof nextTestSetup>) => void,
): void {
  describe(name, () => {
    fn(nextTestSetup(options));
  });
}
