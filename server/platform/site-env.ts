/**
 * The site's .env files, loaded into the process's environment at start, as
 * `next start` and `next dev` load them (app/site/env.ts says the order): for
 * the site's pages, API routes and middleware, which read `process.env`. A
 * variable the process was given wins. The shell's own settings
 * (server/platform/config.ts) are read before, from the process alone.
 *
 * A build keeps the site's production files (BUILD_DIR/site-env/, written by
 * scripts/build.ts); the dev server reads the development ones from the site.
 */
import { join } from "node:path";
import { envFileTexts, envFromFiles, SITE_ENV_FOLDER } from "../../app/site/env.ts";
import { currentSite } from "../../app/site/folder.ts";
import type { Config } from "./config.ts";

/** Loads the site's variables into `process.env`; their names (never their values), for the log. */
export function loadSiteEnv(config: Pick<Config, "development" | "buildDir">): string[] {
  const texts = config.development
    ? envFileTexts(currentSite().dir, "development")
    : envFileTexts(join(config.buildDir, SITE_ENV_FOLDER), "production");
  const added = envFromFiles(texts, process.env);
  Object.assign(process.env, added);
  return Object.keys(added);
}
