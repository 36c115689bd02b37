/**
 * The Vite plugin that lets a team's Next.js pages build unchanged:
 *
 * - `next/*` imports resolve to the shell's own modules (app/next/); one the
 *   shell does not provide fails the build, naming the file and the import;
 * - a page module is made a React Router route module (page-module.ts), and a
 *   special file (`_app`, `_document`, `_error`, `404`, `500`) loses its data
 *   functions in the browser;
 * - JSX in a `.js` file of the project compiles, as Next.js compiles it.
 */
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithOxc, type Plugin } from "vite";
import { PAGES_FOLDER, pageRouteOf, isPageFile, specialFileOf } from "../../routing/pages.ts";
import { nextImportOf } from "./imports.ts";
import { PageModuleError, transformPageModule } from "./page-module.ts";

const NEXT_DIR = fileURLToPath(new URL("..", import.meta.url));
const RUNTIME = {
  client: join(NEXT_DIR, "page", "client.tsx"),
  server: join(NEXT_DIR, "page", "server.ts"),
};

const SCRIPT = /\.(m?[jt]sx?)$/;
const ROUTE_CHUNK = /\?route-chunk=\w+$/;
const PLAIN_JS = /\.m?js$/;

export function nextPages(): Plugin {
  let root = process.cwd();
  let pagesDir = join(root, "app", PAGES_FOLDER);
  return {
    name: "next-pages",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      pagesDir = join(root, "app", PAGES_FOLDER);
    },
    resolveId(source, importer) {
      const found = nextImportOf(source);
      if (found === null) return null;
      if (typeof found === "object") {
        const from = importer ? relative(root, importer.split("?")[0]!) : "an entry";
        this.error(`${from} imports ${found.problem}`);
      }
      return join(NEXT_DIR, found);
    },
    async transform(code, rawId, options) {
      // React Router splits a route module into chunks (`?route-chunk=main`, ...),
      // each cut from the module's code: they get the page's module made first.
      const id = rawId.replace(ROUTE_CHUNK, "");
      if (id.includes("?") || id.includes("\0") || !SCRIPT.test(id)) return null;
      if (id.includes(`${sep}node_modules${sep}`) || !id.startsWith(root)) return null;
      let out: { code: string; map?: unknown } | null = null;
      if (id.startsWith(pagesDir + sep)) {
        const file = relative(pagesDir, id).split(sep).join("/");
        const special = specialFileOf(file) !== null;
        const page = !special && isPageFile(file) ? pageRouteOf(file) : null;
        if (special || (page !== null && typeof page !== "string")) {
          const server = options?.ssr === true || this.environment?.config.consumer === "server";
          try {
            out = transformPageModule(code, {
              file,
              dynamic:
                page !== null &&
                typeof page !== "string" &&
                page.segments.some((s) => s.kind !== "static"),
              environment: server ? "server" : "client",
              runtime: RUNTIME,
              special,
            });
          } catch (error) {
            if (error instanceof PageModuleError) this.error(error.message);
            throw error;
          }
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
      return out as { code: string; map: null } | null;
    },
  };
}
