/**
 * Sass, when the site installs it (`sass` in its package.json, as Next.js
 * asks): a `.scss` or `.sass` file the site imports (a CSS module as
 * `.module.scss`) is compiled by the site's own Sass, its `@use` and
 * `@import` found beside it and in the site's node_modules, then handed to
 * Vite as the CSS it is: `x.module.scss` is the module `x.scss.module.css`.
 * (Vite looks for Sass in the shell's folder, where a site's is not.) A site
 * without Sass gets Vite's message that it is missing.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const SASS_SOURCE = /\.(scss|sass)$/;
/** The id a Sass file is known by once compiled: its name with `.css` (and `.module`) after. */
const COMPILED = /\.(scss|sass)(\.module)?\.css$/;

/** What the site's Sass exports that this plugin calls. */
interface Sass {
  compileAsync(
    path: string,
    options: { loadPaths: string[]; sourceMap: boolean; style: "expanded" },
  ): Promise<{ css: string; loadedUrls: URL[] }>;
}

/** The compiled id of a Sass file, and back. */
export const compiledIdOf = (file: string): string =>
  file.replace(/(\.module)?\.(scss|sass)$/, (_, module = "", lang) => `.${lang}${module}.css`);
export const sourceOfCompiled = (id: string): string =>
  id.replace(COMPILED, (_, lang, module = "") => `${module}.${lang}`);

export function siteSass(siteDir: string): Plugin | null {
  const require = createRequire(join(siteDir, "package.json"));
  let path: string;
  try {
    path = require.resolve("sass");
  } catch {
    return null;
  }
  let sass: Promise<Sass> | undefined;
  return {
    name: "next-site-sass",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const bare = source.split("?")[0]!;
      if (!SASS_SOURCE.test(bare) || source.includes("?")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !existsSync(resolved.id)) return null;
      return compiledIdOf(resolved.id);
    },
    async load(id) {
      if (!COMPILED.test(id)) return null;
      const file = sourceOfCompiled(id);
      // Its CommonJS entry (require.resolve's): the API is the default export.
      sass ??= import(pathToFileURL(path).href).then(
        (module: Sass & { default?: Sass }) => module.default ?? module,
      );
      const { css, loadedUrls } = await (
        await sass
      ).compileAsync(file, {
        loadPaths: [join(siteDir, "node_modules")],
        sourceMap: false,
        style: "expanded",
      });
      for (const url of loadedUrls) if (url.protocol === "file:") this.addWatchFile(url.pathname);
      return css;
    },
  };
}
