import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/**
 * The project modules a TypeScript file imports (relative specifiers), as
 * paths from the repository root: `import ... from`, `export ... from` and
 * bare `import "..."`. With `types: false`, type-only imports and exports are
 * left out: the compiled code never loads them.
 */
export function importsOf(file: string, { types }: { types: boolean }): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s+(type\s)?[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm)]
      .filter(([, typeOnly]) => types || typeOnly === undefined)
      .map((m) => m[2]!),
    ...[...source.matchAll(/^\s*import\s+"(\.{1,2}\/[^"]+)"/gm)].map((m) => m[1]!),
  ];
  return specifiers.map((specifier) => normalize(join(dirname(file), specifier)));
}

/**
 * The packages a TypeScript file loads (bare specifiers, `node:` builtins left
 * out), by package name (`@scope/name`, `name`), type-only imports left out.
 */
export function packagesOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(type\s)?[^;]*?\bfrom\s+"([^".][^"]*)"/gm),
  ]
    .filter(([, typeOnly]) => typeOnly === undefined)
    .map((m) => m[2]!)
    .concat([...source.matchAll(/^\s*import\s+"([^".][^"]*)"/gm)].map((m) => m[1]!))
    .filter((specifier) => !specifier.startsWith("node:"));
  return [
    ...new Set(
      specifiers.map((specifier) =>
        specifier
          .split("/")
          .slice(0, specifier.startsWith("@") ? 2 : 1)
          .join("/"),
      ),
    ),
  ];
}
