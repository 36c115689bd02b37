/**
 * A JavaScript site's `jsconfig.json` `paths` (`"@/*": ["./src/*"]`, as
 * create-next-app writes it), as import aliases: Vite reads a tsconfig.json's
 * `paths` itself (`resolve.tsconfigPaths`), not a jsconfig.json's, which
 * Next.js reads the same way. Each pattern's first target is taken, relative
 * to `baseUrl` (the file's folder without one).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface PathAlias {
  readonly find: RegExp;
  readonly replacement: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The aliases of a jsconfig's `compilerOptions` found in `dir`; a pattern with more than one `*` is left out. */
export function pathAliasesOf(config: unknown, dir: string): PathAlias[] {
  const options = (config as { compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | null)
    ?.compilerOptions;
  const paths = options?.paths;
  if (paths === null || typeof paths !== "object") return [];
  const base = join(dir, typeof options?.baseUrl === "string" ? options.baseUrl : ".");
  return Object.entries(paths as Record<string, unknown>).flatMap(([pattern, targets]) => {
    const target = Array.isArray(targets) ? targets[0] : undefined;
    if (typeof target !== "string") return [];
    const stars = pattern.split("*").length - 1;
    if (stars > 1 || target.split("*").length - 1 !== stars) return [];
    if (stars === 0) {
      return [{ find: new RegExp(`^${escape(pattern)}$`), replacement: join(base, target) }];
    }
    const [before, after] = pattern.split("*") as [string, string];
    const [targetBefore, targetAfter] = target.split("*") as [string, string];
    const head = join(base, targetBefore);
    const slash = targetBefore.endsWith("/") && !head.endsWith("/") ? "/" : "";
    return [
      {
        find: new RegExp(`^${escape(before)}(.+)${escape(after)}$`),
        replacement: `${head}${slash}$1${targetAfter}`,
      },
    ];
  });
}

/** A jsconfig.json's text read as TypeScript reads it: comments and trailing commas allowed. */
export function parseJsconfig(text: string): unknown {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2);
      if (i === -1) break;
      i++;
    } else {
      out += c;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
}

/**
 * The aliases of the jsconfig.json at the root of the site in `dir`: none when
 * it has a tsconfig.json (Vite reads that one), or neither.
 */
export function jsconfigAliasesIn(dir: string): PathAlias[] {
  if (existsSync(join(dir, "tsconfig.json"))) return [];
  const file = join(dir, "jsconfig.json");
  if (!existsSync(file)) return [];
  try {
    return pathAliasesOf(parseJsconfig(readFileSync(file, "utf8")), dir);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}
