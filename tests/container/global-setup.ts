/**
 * Builds the app image and the smoke-test image once for the container tests,
 * unless APP_IMAGE and SMOKE_IMAGE name ones already built (`npm test` builds
 * the app's), and removes what it built afterwards.
 */
import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    appImage: string;
    smokeImage: string;
  }
}

/** Builds `dockerfile` as a throwaway image unless `given` names one; returns it and its cleanup. */
function image(given: string | undefined, name: string, dockerfile: string) {
  const tag = given ?? `${name}:vitest-${process.pid}`;
  if (!given) execFileSync("scripts/build-image.sh", [tag, dockerfile], { stdio: "inherit" });
  return {
    tag,
    remove() {
      if (!given) {
        execFileSync(process.env.DOCKER ?? "docker", ["rmi", "--force", tag], { stdio: "ignore" });
      }
    },
  };
}

export default function setup(project: TestProject) {
  const app = image(process.env.APP_IMAGE, "rr-ssr-shell", "Dockerfile");
  const smoke = image(process.env.SMOKE_IMAGE, "rr-ssr-shell-smoke", "e2e/Dockerfile");
  project.provide("appImage", app.tag);
  project.provide("smokeImage", smoke.tag);
  return () => {
    app.remove();
    smoke.remove();
  };
}
