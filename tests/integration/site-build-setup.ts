/**
 * The setup of the projects that run the contract suites against another site
 * (vitest.config.ts, `anotherSite`): one copy of the app built with that site's
 * config (which the project's alias makes the tests' site.config.ts too, so
 * `buildAppCopy` writes it into the copy), shared by its suites and removed
 * after them.
 */
import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { buildAppCopy } from "./harness.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await buildAppCopy({});
  project.provide("siteBuild", dir);
  return () => rm(dir, { recursive: true, force: true });
}
