/**
 * The NEXT_PUBLIC_* values this server gives its pages (app/site/public-env.ts):
 * of the names the build found in the code, those the process's environment
 * sets at start (its .env files loaded), each replacing the value built in.
 * The dev server, which builds as it goes, gives every NEXT_PUBLIC_* it has.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { publicEnvOf } from "../../app/site/env.ts";
import {
  PUBLIC_ENV_RECORD,
  publicEnvAtStart,
  setPublicEnv,
  type PublicEnvRecord,
} from "../../app/site/public-env.ts";
import type { Config } from "./config.ts";

/** Sets the values; the names of those that replace a built value (never the values), for the log. */
export function loadPublicEnv(config: Pick<Config, "development" | "buildDir">): string[] {
  if (config.development) {
    setPublicEnv(publicEnvOf(process.env));
    return [];
  }
  let record: PublicEnvRecord;
  try {
    record = JSON.parse(readFileSync(join(config.buildDir, PUBLIC_ENV_RECORD), "utf8"));
  } catch (error) {
    // A build made before the record existed reads its values as they were built.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const values = publicEnvAtStart(record, process.env);
  setPublicEnv(values);
  return Object.keys(values);
}
