/**
 * styled-jsx, as Next.js compiles it: `<style jsx>` and `<style jsx global>`
 * in a component, and `css`, `css.global` and `css.resolve` from
 * `styled-jsx/css`, become scoped class names and styles rendered by
 * style.tsx. The compiler is styled-jsx's own Babel plugin (the one Next.js
 * used before its SWC port, which gives the same class names), run on the
 * site's modules that use it and on no other. Each static style is then
 * minified by Lightning CSS, as Next.js's compiler minifies it (`color:blue`
 * becomes `color:#00f`); a style lightningcss cannot read is kept as written.
 */
import { transformAsync } from "@babel/core";
import type { Visitor } from "@babel/traverse";
import * as t from "@babel/types";
import { transform as transformCss } from "lightningcss";
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
    // Prefixes are Lightning CSS's, for the browsers Next.js targets (below), as in Next.js.
    plugins: [[STYLED_JSX_BABEL, { vendorPrefixes: false }]],
  });
  if (!result?.code) return null;
  const minified = await transformAsync(result.code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    inputSourceMap: result.map ?? undefined,
    parserOpts: { plugins: parserPlugins },
    plugins: [minifyStyles(file)],
  });
  if (!minified?.code) return null;
  return { code: minified.code, map: minified.map };
}

/** A browser's version as Lightning CSS takes it: major, minor and patch in one number. */
const version = (major: number) => major << 16;

/** Next.js's default browserslist: the browsers whose prefixes a style gets. */
const NEXT_TARGETS = {
  chrome: version(64),
  edge: version(79),
  firefox: version(67),
  opera: version(51),
  safari: version(12),
};

/** Minified CSS, or the CSS as it is if Lightning CSS cannot read it. */
function minifiedCss(css: string, file: string): string {
  try {
    return transformCss({
      filename: file,
      code: Buffer.from(css),
      minify: true,
      targets: NEXT_TARGETS,
    }).code.toString();
  } catch {
    return css;
  }
}

/**
 * A Babel plugin for styled-jsx's output: the text of each `<_JSXStyle>` whose
 * style is static (a string, or in a production build an array of its rules;
 * a dynamic one is a template with values) minified.
 */
function minifyStyles(file: string): { visitor: Visitor } {
  let styleElement: string | null = null;
  return {
    visitor: {
      ImportDeclaration(path) {
        const { node } = path;
        if (node.source.value !== "styled-jsx/style") return;
        const specifier = node.specifiers.find((s) => t.isImportDefaultSpecifier(s));
        if (specifier) styleElement = specifier.local.name;
      },
      JSXElement(path) {
        const name = path.node.openingElement.name;
        if (styleElement === null || !t.isJSXIdentifier(name, { name: styleElement })) return;
        for (const child of path.node.children) {
          if (!t.isJSXExpressionContainer(child)) continue;
          const { expression } = child;
          if (t.isStringLiteral(expression)) {
            child.expression = t.stringLiteral(minifiedCss(expression.value, file));
          } else if (t.isArrayExpression(expression)) {
            // A production build's form: the style's rules, one string each.
            expression.elements = expression.elements.map((rule) =>
              t.isStringLiteral(rule) ? t.stringLiteral(minifiedCss(rule.value, file)) : rule,
            );
          }
        }
      },
    },
  };
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
