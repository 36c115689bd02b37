/**
 * A site's next.config file loaded as Node loads it for `next build`: ESM
 * (`.mjs`, or `.js` under `"type": "module"`), CommonJS (`.cjs`, or `.js`
 * otherwise: `module.exports = ...`, as create-next-app writes it), or
 * TypeScript (`.ts`, `.mts`, its types erased by Node). Its `// @ts-check` and
 * `import('next')` JSDoc types are comments: nothing compiles them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

// What Node says when a CommonJS file is evaluated as an ES module.
const COMMONJS_IN_ESM_SCOPE = /\b(module|exports|require|__dirname|__filename) is not defined/;

/**
 * A `.js` file of CommonJS under a package that says `"type": "module"` (a
 * site kept inside another project): evaluated as the CommonJS it is, with a
 * `require` of its own folder.
 */
function loadAsCommonJs(file: string): unknown {
  const module = { exports: {} as unknown };
  const evaluate = new Function(
    "module",
    "exports",
    "require",
    "__filename",
    "__dirname",
    readFileSync(file, "utf8"),
  );
  evaluate(module, module.exports, createRequire(file), file, dirname(file));
  return module.exports;
}

/** The config file's export: an object, or a function of the phase (next-config.ts reads it). */
export async function loadNextConfigFile(file: string): Promise<unknown> {
  let module: { default?: unknown };
  try {
    module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    if (
      file.endsWith(".js") &&
      error instanceof ReferenceError &&
      COMMONJS_IN_ESM_SCOPE.test(error.message)
    ) {
      return loadAsCommonJs(file);
    }
    throw new Error(`${file} could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  // A CommonJS module's `module.exports` is its default export; a transpiled
  // ESM one may put its value one level down (`exports.default`).
  const value = module.default as Record<string, unknown> | undefined;
  const wrapped =
    value !== null &&
    typeof value === "object" &&
    "default" in value &&
    (value.__esModule === true || Object.keys(value).length === 1);
  return wrapped ? value.default : value;
}
