/**
 * The Vite plugin that lets a team's Next.js pages build unchanged:
 *
 * - `next/*` imports resolve to the shell's own modules (app/next/); one the
 *   shell does not provide fails the build, naming the file and the import;
 * - a page module is made a React Router route module (page-module.ts), and a
 *   special file (`_app`, `_document`, `_error`, `404`, `500`) loses its data
 *   functions in the browser;
 * - JSX in a `.js` file of the project compiles, as Next.js compiles it;
 * - the API routes (`pages/api/...`) are listed for the server's build by the
 *   module `virtual:next-api-routes`, each loaded when first asked for;
 * - the site's middleware (`middleware.ts` or `proxy.ts` beside the pages
 *   folder) is the server's through `virtual:next-middleware`; the browser's
 *   copy of that module says only whether there is one;
 * - the site's `instrumentation.ts` is the server's through
 *   `virtual:next-instrumentation`;
 * - the pages folder's special files are listed by `virtual:next-special-files`;
 * - styled-jsx compiles as Next.js compiles it (app/next/styled-jsx/), and
 *   `next/font/local` calls become CSS modules (app/next/font/).
 */
import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithOxc, type Plugin } from "vite";
import {
  apiRoutesFromFiles,
  isApiRoute,
  isPageFile,
  pageRouteOf,
  specialFileOf,
} from "../../routing/pages.ts";
import { pageFilesIn } from "../../pages-folder.ts";
import { currentSite } from "../../site/folder.ts";
import { nextFontLocal } from "../font/plugin.ts";
import { browserMatchers, type BrowserMatcher } from "../middleware/browser-matchers.ts";
import { compileMatcher, matcherEntries } from "../middleware/matcher.ts";
import { staticMatcherOf } from "../middleware/static-config.ts";
import { LOCALE_PREFIXES } from "../../routing/locale.ts";
import siteConfig from "../../../site.config.ts";
import { styledJsx } from "../styled-jsx/compile.ts";
import { nextImportOf, withoutNextTypeImports } from "./imports.ts";
import { PageModuleError, transformPageModule } from "./page-module.ts";

const NEXT_DIR = fileURLToPath(new URL("..", import.meta.url));
/** The shell's package.json: packages the shell gives a site resolve from beside it. */
const SHELL_PACKAGE = fileURLToPath(new URL("../../../package.json", import.meta.url));
/** `@swc/helpers` and its modules (`@swc/helpers/_/_object_spread`). */
const SWC_HELPERS = /^@swc\/helpers(\/|$)/;
/** The route table (app/routes.ts), made from the pages folder. */
const ROUTE_TABLE_FILE = fileURLToPath(new URL("../../routes.ts", import.meta.url));
const INLINE_STYLES = join(NEXT_DIR, "inline-styles.ts");
const RUNTIME = {
  client: join(NEXT_DIR, "page", "client.tsx"),
  server: join(NEXT_DIR, "page", "server.ts"),
};

const SCRIPT = /\.(m?[jt]sx?)$/;
const ROUTE_CHUNK = /\?route-chunk=\w+$/;
const PLAIN_JS = /\.m?js$/;

/** A global stylesheet `_app` imports is inlined in the document up to this size. */
export const INLINE_STYLESHEET_MAX_BYTES = 16 * 1024;
// `import "./global.css";` alone on its line: a global stylesheet, as Next.js has _app import them.
const STYLESHEET_IMPORT = /^import\s+(["'])([^"'\n]+\.css)\1;?[ \t]*$/gm;

/**
 * `_app`'s imports of small global stylesheets made their text, handed to the
 * document's head (app/next/inline-styles.ts); larger ones stay linked.
 */
async function inlineSmallStylesheets(
  code: string,
  resolve: (source: string) => Promise<string | null>,
): Promise<string> {
  let out = code;
  let n = 0;
  for (const match of code.matchAll(STYLESHEET_IMPORT)) {
    const file = await resolve(match[2]!);
    const size = file === null ? undefined : statSync(file, { throwIfNoEntry: false })?.size;
    if (size === undefined || size > INLINE_STYLESHEET_MAX_BYTES) continue;
    const name = `__nextInlineStyle${n++}`;
    out = out.replace(
      match[0],
      `import ${name} from ${JSON.stringify(`${match[2]}?inline`)};\nimport { addInlineStyle as ${name}Add } from ${JSON.stringify(INLINE_STYLES)};\n${name}Add(${name});`,
    );
  }
  return out;
}

/** The module that lists the API routes (app/next/api-routes.d.ts says what it exports). */
export const API_ROUTES_MODULE = "virtual:next-api-routes";
const RESOLVED_API_ROUTES = `\0${API_ROUTES_MODULE}`;

/** The API routes module's code: each route's file, pattern and segments, and its module's loader. */
function apiRoutesModule(pagesDir: string): string {
  const routes = apiRoutesFromFiles(pageFilesIn(pagesDir)).map(
    (route) =>
      `{ file: ${JSON.stringify(route.file)}, pattern: ${JSON.stringify(route.pattern)}, ` +
      `segments: ${JSON.stringify(route.segments)}, ` +
      `load: () => import(${JSON.stringify(join(pagesDir, route.file))}) }`,
  );
  return `export const apiRoutes = [\n  ${routes.join(",\n  ")}\n];\n`;
}

/** The module of the site's middleware (app/next/middleware/module.d.ts says what it exports). */
export const MIDDLEWARE_MODULE = "virtual:next-middleware";
const RESOLVED_MIDDLEWARE = `\0${MIDDLEWARE_MODULE}`;

/** Next.js's names for a middleware file (Next.js 16 calls it a proxy), and their extensions. */
const MIDDLEWARE_NAMES = ["middleware", "proxy"] as const;
const MIDDLEWARE_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs"];

/**
 * The site's middleware file beside the pages folder (`sourceDir`: the site's
 * root or src/), or null; two of them are an error.
 */
export function middlewareFileIn(
  sourceDir: string,
): { name: string; path: string } | null | { problem: string } {
  const found = MIDDLEWARE_NAMES.flatMap((name) =>
    MIDDLEWARE_EXTENSIONS.map((extension) => ({ name, path: join(sourceDir, name + extension) })),
  ).filter(({ path }) => existsSync(path));
  if (found.length > 1) {
    const files = found.map(({ path }) => relative(join(sourceDir, ".."), path)).join(" and ");
    return {
      problem: `${files}: a site has one middleware (Next.js 16 names it proxy.ts); remove one`,
    };
  }
  return found[0] ?? null;
}

/**
 * The middleware's matcher, compiled for the browser (app/next/middleware/browser-matchers.ts):
 * each entry's pattern as a regular expression's source, as Next.js gives its
 * client. Null when the middleware runs for every path, or when its matcher is
 * not a literal (then every click asks the server, as it always may).
 */
function browserMatchersOf(
  path: string,
  siteDir: string,
): BrowserMatcher[] | null | { problem: string } {
  const name = relative(siteDir, path).split(sep).join("/");
  const config = staticMatcherOf(readFileSync(path, "utf8"), path);
  if (config === null) return null;
  const entries = matcherEntries(config.matcher, name);
  if (entries !== null && "problem" in entries) return entries;
  const compiled = compileMatcher(entries, {
    basePath: siteConfig.basePath,
    i18n: LOCALE_PREFIXES,
  });
  if (compiled === null) return null;
  return browserMatchers(entries!, compiled);
}

/** The middleware module's code; its file is named relative to the site's folder (`siteDir`). */
function middlewareModule(
  sourceDir: string,
  siteDir: string,
  server: boolean,
): string | { problem: string } {
  const file = middlewareFileIn(sourceDir);
  if (file !== null && "problem" in file) return file;
  if (!server) {
    const matchers = file === null ? null : browserMatchersOf(file.path, siteDir);
    if (matchers !== null && "problem" in matchers) return matchers;
    return [
      `export const hasMiddleware = ${file !== null};`,
      `export const middlewareMatchers = ${JSON.stringify(matchers)};`,
      "export const nextMiddleware = null;",
      "",
    ].join("\n");
  }
  if (file === null)
    return "export const hasMiddleware = false;\nexport const middlewareMatchers = null;\nexport const nextMiddleware = null;\n";
  return [
    `import * as module from ${JSON.stringify(file.path)};`,
    "export const hasMiddleware = true;",
    "export const middlewareMatchers = null;",
    `export const nextMiddleware = { file: ${JSON.stringify(relative(siteDir, file.path).split(sep).join("/"))}, name: ${JSON.stringify(file.name)}, module };`,
    "",
  ].join("\n");
}

/** The module of the site's `instrumentation` file (app/next/instrumentation.d.ts says what it exports). */
export const INSTRUMENTATION_MODULE = "virtual:next-instrumentation";
const RESOLVED_INSTRUMENTATION = `\0${INSTRUMENTATION_MODULE}`;
const INSTRUMENTATION_EXTENSIONS = [".ts", ".js", ".mjs"];

/**
 * The server's module of the site's `instrumentation.ts` (beside the pages
 * folder, as Next.js looks for it), or none; the browser's copy has none.
 */
function instrumentationModule(sourceDir: string, siteDir: string, server: boolean): string {
  const path = INSTRUMENTATION_EXTENSIONS.map((extension) =>
    join(sourceDir, `instrumentation${extension}`),
  ).find((candidate) => existsSync(candidate));
  if (!server || path === undefined) return "export const instrumentation = null;\n";
  const file = relative(siteDir, path).split(sep).join("/");
  return [
    `import * as module from ${JSON.stringify(path)};`,
    `export const instrumentation = { file: ${JSON.stringify(file)}, module };`,
    "",
  ].join("\n");
}

/** The module of the site's special files (app/next/site-files.ts reads it). */
export const SPECIAL_FILES_MODULE = "virtual:next-special-files";
const RESOLVED_SPECIAL_FILES = `\0${SPECIAL_FILES_MODULE}`;

/** Each special file of the pages folder (`_app`, `_document`, ...), imported whole. */
function specialFilesModule(pagesDir: string): string {
  const files = pageFilesIn(pagesDir).filter(
    (file) => !file.includes("/") && specialFileOf(file) !== null,
  );
  return [
    ...files.map(
      (file, i) => `import * as special${i} from ${JSON.stringify(join(pagesDir, file))};`,
    ),
    `export const specialFiles = {${files.map((file, i) => ` ${JSON.stringify(specialFileOf(file))}: special${i}`).join(",")} };`,
    "",
  ].join("\n");
}

export function nextPages(): Plugin[] {
  const site = currentSite();
  const { pagesDir, sourceDir } = site;
  let root = process.cwd();
  /** Whether a module is the shell's or the site's own code (not a dependency's). */
  const isOwnCode = (id: string) =>
    !id.includes(`${sep}node_modules${sep}`) && (id.startsWith(root) || id.startsWith(site.dir));
  /** The Next.js pages made route modules (their files), whose default export stays the page's own. */
  const nextPageIds = new Set<string>();
  return [
    styledJsx(isOwnCode),
    nextFontLocal(isOwnCode),
    {
      name: "next-pages",
      enforce: "pre",
      configResolved(config) {
        root = config.root;
      },
      configureServer(server) {
        // React Router reads its route table again when a file comes or goes in
        // app/, not in the site's pages folder: a page added or removed there
        // touches the table's file, which makes it read again, as `next dev` does.
        server.watcher.add(pagesDir);
        server.watcher.on("all", (event, path) => {
          if ((event === "add" || event === "unlink") && path.startsWith(pagesDir + sep)) {
            const now = new Date();
            utimesSync(ROUTE_TABLE_FILE, now, now);
          }
        });
      },
      async resolveId(source, importer) {
        if (SWC_HELPERS.test(source)) {
          // Next.js gives a site's code its own @swc/helpers (code compiled by SWC
          // imports it) whether the site installed it or not: the site's copy if it
          // has one, else the shell's.
          const own = await this.resolve(source, importer, { skipSelf: true });
          return own ?? this.resolve(source, SHELL_PACKAGE, { skipSelf: true });
        }
        if (source === API_ROUTES_MODULE) return RESOLVED_API_ROUTES;
        if (source === MIDDLEWARE_MODULE) return RESOLVED_MIDDLEWARE;
        if (source === SPECIAL_FILES_MODULE) return RESOLVED_SPECIAL_FILES;
        if (source === INSTRUMENTATION_MODULE) return RESOLVED_INSTRUMENTATION;
        const found = nextImportOf(source);
        if (found === null) return null;
        if (typeof found === "object") {
          const from = importer ? relative(root, importer.split("?")[0]!) : "an entry";
          this.error(`${from} imports ${found.problem}`);
        }
        return join(NEXT_DIR, found);
      },
      load(id, options) {
        if (id === RESOLVED_INSTRUMENTATION) {
          const server = options?.ssr === true || this.environment?.config.consumer === "server";
          return instrumentationModule(sourceDir, site.dir, server);
        }
        if (id === RESOLVED_SPECIAL_FILES) {
          this.addWatchFile(pagesDir);
          return specialFilesModule(pagesDir);
        }
        if (id === RESOLVED_MIDDLEWARE) {
          // Only a file that exists: in development Vite makes a watched file an import.
          const file = middlewareFileIn(sourceDir);
          if (file !== null && "path" in file) this.addWatchFile(file.path);
          const server = options?.ssr === true || this.environment?.config.consumer === "server";
          const code = middlewareModule(sourceDir, site.dir, server);
          if (typeof code === "object") this.error(code.problem);
          return code;
        }
        if (id !== RESOLVED_API_ROUTES) return null;
        // A file added to or removed from the folder makes the list again in development.
        this.addWatchFile(pagesDir);
        return apiRoutesModule(pagesDir);
      },
      async transform(source, rawId, options) {
        let code = source;
        // React Router splits a route module into chunks (`?route-chunk=main`, ...),
        // each cut from the module's code: they get the page's module made first.
        const id = rawId.replace(ROUTE_CHUNK, "");
        if (id.includes("?") || id.includes("\0") || !SCRIPT.test(id)) return null;
        if (!isOwnCode(id)) return null;
        // `import { NextPage } from "next"` is a type import, whatever the tsconfig says.
        code = withoutNextTypeImports(code);
        let out: { code: string; map?: unknown; meta?: unknown } | null = null;
        if (id.startsWith(pagesDir + sep)) {
          const file = relative(pagesDir, id).split(sep).join("/");
          const specialFile = specialFileOf(file);
          if (specialFile === "app") {
            code = await inlineSmallStylesheets(code, (source) =>
              this.resolve(source, id).then((resolved) => resolved?.id.split("?")[0] ?? null),
            );
          }
          // A page's route; a string names what is wrong with it (the route table reports it).
          // An API route stays as written: a handler of the server's.
          const route = specialFile === null && isPageFile(file) ? pageRouteOf(file) : null;
          const page = typeof route === "string" || (route && isApiRoute(route)) ? null : route;
          const special = specialFile !== null;
          if (special || page !== null) {
            const server = options?.ssr === true || this.environment?.config.consumer === "server";
            try {
              out = transformPageModule(code, {
                file,
                dynamic: page?.segments.some((s) => s.kind !== "static") ?? false,
                environment: server ? "server" : "client",
                runtime: RUNTIME,
                special,
              });
            } catch (error) {
              if (error instanceof PageModuleError) this.error(error.message);
              throw error;
            }
            if (out?.meta) nextPageIds.add(id);
          }
        }
        // Next.js compiles JSX in .js files; Vite leaves .js alone.
        if (PLAIN_JS.test(id)) {
          const compiled = await transformWithOxc(out?.code ?? code, id, {
            lang: "jsx",
            jsx: { runtime: "automatic" },
            sourcemap: true,
          });
          return { code: compiled.code, map: compiled.map };
        }
        if (out === null && code !== source) return { code, map: null };
        return out as { code: string; map: null } | null;
      },
    },
    {
      // React Router wraps a route module's default export in a component that
      // passes the route's own props (`UNSAFE_withComponentProps`). The shell
      // renders a page from its `handle`, never through that export, but another
      // module may import the page (`import Layout from "./layout"`, a page of
      // the folder too) and render it with props and children of its own, as
      // under Next.js: the export is left the page's component.
      name: "next-pages-own-default",
      enforce: "post",
      transform(code, rawId) {
        if (!nextPageIds.has(rawId.replace(ROUTE_CHUNK, ""))) return null;
        const unwrapped = code.replace(WRAPPED_DEFAULT_EXPORT, "export default $2;");
        return unwrapped === code ? null : { code: unwrapped, map: null };
      },
    },
  ];
}

/** React Router's wrapper around a route module's default export, as its build writes it. */
const WRAPPED_DEFAULT_EXPORT = /^export default (_UNSAFE_withComponentProps\d*)\(([\w$]+)\);?$/m;
