/**
 * styled-jsx, as Next.js compiles it: `<style jsx>` and `<style jsx global>`
 * in a component, and `css`, `css.global` and `css.resolve` from
 * `styled-jsx/css`, become scoped class names and styles rendered by
 * style.tsx. The compiler is styled-jsx's own Babel plugin (the one Next.js
 * used before its SWC port, which gives the same class names), run on the
 * site's modules that use it and on no other.
 */
import { transformAsync } from "@babel/core";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

// The shell's own copy, resolved here: Babel would look for it from the working folder (the site's).
const STYLED_JSX_BABEL = createRequire(import.meta.url).resolve("styled-jsx/babel");

/** What `styled-jsx/style` resolves to. */
export const STYLED_JSX_RUNTIME = fileURLToPath(new URL("style.tsx", import.meta.url));

const SCRIPT = /\.(m?[jt]sx?)$/;
const TYPESCRIPT = /\.m?tsx?$/;
const TSX_OR_JS = /\.(m?jsx?|tsx)$/;

/** Whether a module's source uses styled-jsx: a cheap test before the compiler runs. */
export const usesStyledJsx = (code: string): boolean =>
  /<style\s+jsx[\s>]/.test(code) || code.includes("styled-jsx/css");

/** A module's code with its styled-jsx compiled, or null if it has none. */
export async function compileStyledJsx(
  code: string,
  file: string,
): Promise<{ code: string; map: unknown } | null> {
  if (!usesStyledJsx(code)) return null;
  const parserPlugins: ("jsx" | "typescript")[] = [];
  if (TSX_OR_JS.test(file)) parserPlugins.push("jsx");
  if (TYPESCRIPT.test(file)) parserPlugins.push("typescript");
  const result = await transformAsync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: parserPlugins },
    plugins: [[STYLED_JSX_BABEL, {}]],
  });
  if (!result?.code) return null;
  return { code: result.code, map: result.map };
}

/** The Vite plugin: `styled-jsx/style` is style.tsx, and a module that uses styled-jsx is compiled. */
export function styledJsx(isOwnCode: (id: string) => boolean): Plugin {
  return {
    name: "next-styled-jsx",
    enforce: "pre",
    resolveId(source) {
      return source === "styled-jsx/style" ? STYLED_JSX_RUNTIME : null;
    },
    async transform(code, rawId) {
      const id = rawId.replace(/\?route-chunk=\w+$/, "");
      if (id.includes("?") || id.includes("\0") || !SCRIPT.test(id) || !isOwnCode(id)) return null;
      try {
        return (await compileStyledJsx(code, id)) as { code: string; map: null } | null;
      } catch (error) {
        this.error(`${id}: styled-jsx: ${(error as Error).message}`);
      }
    },
  };
}
