/**
 * A site's environment files, as Next.js loads them (@next/env): the first
 * file that sets a variable wins, in this order, and a variable the process
 * already has wins over every file.
 *
 *   production (npm run build, npm start):  .env.production.local .env.local .env.production .env
 *   development (npm run dev):              .env.development.local .env.local .env.development .env
 *
 * `NEXT_PUBLIC_*` values are written into the browser's code and the server's
 * at build, as the fallback of the values the server gives at start
 * (public-env.ts); anything else stays on the server, read at run time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

export type EnvMode = "production" | "development";

/** The files read in `mode`, the winning one first. */
export function envFilesOf(mode: EnvMode): string[] {
  return [`.env.${mode}.local`, ".env.local", `.env.${mode}`, ".env"];
}

/** Where a build keeps the site's production .env files, for the server's start. */
export const SITE_ENV_FOLDER = "site-env";

/** The prefix of the variables a browser may see. */
export const PUBLIC_ENV_PREFIX = "NEXT_PUBLIC_";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The variables the files give that the process has not set: `files` are the
 * texts of the files that exist, the winning one first. `$NAME` and `${NAME}`
 * in a value are expanded from the process, then the files, as dotenv-expand
 * does for Next.js (`\$` is a dollar sign).
 */
export function envFromFiles(files: readonly string[], processEnv: Env): Record<string, string> {
  const fromFiles: Record<string, string> = {};
  for (const text of [...files].reverse()) Object.assign(fromFiles, parseEnv(text));
  const added: Record<string, string> = {};
  const lookup = (name: string): string => processEnv[name] ?? added[name] ?? fromFiles[name] ?? "";
  for (const [name, raw] of Object.entries(fromFiles)) {
    if (processEnv[name] !== undefined) continue;
    added[name] = raw.replace(
      /\\\$|\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g,
      (all, braced?: string, bare?: string) => (all === "\\$" ? "$" : lookup((braced ?? bare)!)),
    );
  }
  return added;
}

/** The texts of the environment files of `dir` that exist in `mode`, the winning one first. */
export function envFileTexts(dir: string, mode: EnvMode): string[] {
  return envFilesOf(mode).flatMap((name) => {
    try {
      return [readFileSync(join(dir, name), "utf8")];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  });
}

/** The `NEXT_PUBLIC_*` variables of an environment, written into the built code. */
export function publicEnvOf(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith(PUBLIC_ENV_PREFIX) && entry[1] !== undefined,
    ),
  );
}
