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
import { parse as babelParse } from "@babel/parser";
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

type Lang = "js" | "jsx" | "ts" | "tsx";

/**
 * The reads in a module: parsed by Rolldown (its language from its name: a
 * page's module may reach here with its TypeScript or JSX still in it), or
 * by Babel where Rolldown cannot, or gives offsets that are not the code's.
 */
function readsIn(code: string, file: string, parse: (lang: Lang) => unknown) {
  const lang: Lang = /\.m?tsx$/.test(file) ? "tsx" : /\.m?ts$/.test(file) ? "ts" : "jsx";
  try {
    const reads = publicEnvReadsIn(parse(lang));
    if (reads.every(({ start }) => code.startsWith("process", start))) return reads;
  } catch {
    // Babel's turn.
  }
  const plugins: ("jsx" | "typescript")[] = lang === "ts" ? ["typescript"] : ["jsx"];
  if (lang === "tsx") plugins.push("typescript");
  return publicEnvReadsIn(babelParse(code, { sourceType: "unambiguous", plugins }).program);
}

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
      const reads = readsIn(code, id.split("?")[0]!, (lang) =>
        this.parse(code, { lang } as Parameters<typeof this.parse>[1]),
      );
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
