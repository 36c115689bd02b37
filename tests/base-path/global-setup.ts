/**
 * The `base-path` project's setup: one copy of the app built with
 * tests/base-path/site.config.ts (this project's site under /shop, which the
 * project's alias makes the tests' site.config.ts too), shared by its suites
 * and removed after them.
 */
import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { buildAppCopy } from "../integration/harness.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await buildAppCopy({});
  project.provide("siteBuild", dir);
  return () => rm(dir, { recursive: true, force: true });
}
