/**
 * The build's side of public-env.ts: each read of `process.env.NEXT_PUBLIC_*`
 * in the code (the site's, the shell's, a package's) becomes a read of the
 * values the server gives, its built value the fallback; the names read are
 * recorded in the build folder for the server's start. Runs after TypeScript
 * and JSX are compiled, on the syntax tree: the same words in a string or a
 * page's text stay as they are.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";
import {
  mayReadPublicEnv,
  PUBLIC_ENV_RECORD,
  publicEnvRead,
  publicEnvReadsIn,
  type PublicEnv,
  type PublicEnvRecord,
} from "./public-env.ts";

const SCRIPT = /\.(m?[jt]sx?|cjs)$/;

/** `built`: the values at build (the .env files loaded); `buildDir`: where the record goes. */
export function publicEnvReads(built: PublicEnv, buildDir: string): Plugin {
  const names = new Set<string>();
  let building = false;
  return {
    name: "next-public-env",
    configResolved(config) {
      building = config.command === "build";
    },
    transform(code, id) {
      if (id.startsWith("\0") || !SCRIPT.test(id.split("?")[0]!) || !mayReadPublicEnv(code))
        return null;
      const reads = publicEnvReadsIn(this.parse(code));
      if (reads.length === 0) return null;
      const out = new MagicString(code);
      for (const { start, end, name } of reads) {
        names.add(name);
        out.overwrite(start, end, publicEnvRead(name, built[name]));
      }
      return { code: out.toString(), map: out.generateMap({ hires: "boundary", source: id }) };
    },
    // Each environment's build (the browser's, the server's) adds the names its
    // code reads to the record; scripts/build.ts removes it before a build.
    closeBundle() {
      if (!building) return;
      const file = join(buildDir, PUBLIC_ENV_RECORD);
      try {
        const before = JSON.parse(readFileSync(file, "utf8")) as PublicEnvRecord;
        for (const name of before.names) names.add(name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      const record: PublicEnvRecord = {
        names: [...names].sort(),
        built: Object.fromEntries([...names].flatMap((n) => (n in built ? [[n, built[n]!]] : []))),
      };
      mkdirSync(buildDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}
