/**
 * Builds the app image once for the container tests, unless APP_IMAGE names one
 * already built (as `npm test` does), and removes what it built afterwards.
 */
import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    appImage: string;
  }
}

export default function setup(project: TestProject) {
  const given = process.env.APP_IMAGE;
  const image = given ?? `rr-ssr-shell:vitest-${process.pid}`;
  if (!given) execFileSync("scripts/build-image.sh", [image], { stdio: "inherit" });
  project.provide("appImage", image);
  return () => {
    if (!given)
      execFileSync(process.env.DOCKER ?? "docker", ["rmi", "--force", image], { stdio: "ignore" });
  };
}
