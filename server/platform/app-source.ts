/**
 * Where the app comes from: the production build on disk (`npm start`, the
 * image), or Vite's dev server (`npm run dev`): the server build through Vite's
 * module runner, so an edited route is served without a restart, and the client
 * files (modules, hot updates, the public folder) from Vite's middleware. The
 * request pipeline is the same either way; this module is the one place that
 * knows the difference.
 */
import type { Server } from "node:http";
import { join } from "node:path";
import { checkServerBuild, loadServerBuild, type AppServerBuild } from "./build.ts";
import type { Config } from "./config.ts";
import type { Step } from "./exchange.ts";
import { loadStaticFiles, staticFiles, type StaticFiles } from "../steps/static.ts";

export interface AppSource {
  /** The server build to answer with now: a new object once the app's code has changed. */
  build(): Promise<AppServerBuild>;
  /** The public folder's files: the image optimizer's local sources. */
  readonly files: StaticFiles;
  /** The pipeline step that serves client files. */
  readonly assets: Step;
  close(): Promise<void>;
}

/** The build under BUILD_DIR, loaded once. */
export async function productionSource(
  config: Pick<Config, "buildDir" | "compression">,
): Promise<AppSource> {
  const build = await loadServerBuild(config.buildDir);
  const files = await loadStaticFiles(join(config.buildDir, "client"));
  return {
    build: () => Promise.resolve(build),
    files,
    assets: staticFiles(files, config),
    close: () => Promise.resolve(),
  };
}

/** React Router's Vite plugin serves the server build under this module id. */
const SERVER_BUILD_ID = "virtual:react-router/server-build";

/**
 * Vite in middleware mode, its hot-update socket on `httpServer`. The public
 * folder's index (for the image optimizer) is read at start-up; Vite itself
 * serves the folder as it is on disk.
 */
export async function developmentSource(httpServer: Server): Promise<AppSource> {
  // A dev dependency: imported only here, so the production image never needs it.
  const vite = await import("vite");
  const devServer = await withoutExitHandlers(() =>
    vite.createServer({
      appType: "custom",
      server: { middlewareMode: true, hmr: { server: httpServer } },
    }),
  );
  const ssr = devServer.environments.ssr;
  if (!vite.isRunnableDevEnvironment(ssr)) {
    await devServer.close();
    throw new Error("Vite's ssr environment cannot run modules in this process");
  }
  const files = await loadStaticFiles(devServer.config.publicDir);
  return {
    async build() {
      try {
        return checkServerBuild(await ssr.runner.import(SERVER_BUILD_ID), SERVER_BUILD_ID);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        throw error;
      }
    },
    files,
    assets: ({ req, res }) =>
      new Promise<boolean>((resolve, reject) => {
        // Vite takes its base (the site's base path) off `req.url` as it passes
        // a request on; React Router must see the URL as it came.
        const url = req.url;
        res.once("close", () => resolve(true));
        devServer.middlewares(req, res, (error?: unknown) => {
          req.url = url;
          if (error === undefined) resolve(false);
          else reject(error);
        });
      }),
    close: () => devServer.close(),
  };
}

/**
 * Runs `start`, then removes the SIGTERM and stdin-end listeners it added. A Vite
 * server not in middleware mode (React Router's plugin starts one to load its
 * config) exits the process on SIGTERM at once; the server's graceful shutdown
 * owns that signal, as in production.
 */
async function withoutExitHandlers<T>(start: () => Promise<T>): Promise<T> {
  const before = {
    sigterm: new Set(process.listeners("SIGTERM")),
    end: new Set(process.stdin.listeners("end")),
  };
  const result = await start();
  for (const listener of process.listeners("SIGTERM")) {
    if (!before.sigterm.has(listener)) process.off("SIGTERM", listener);
  }
  for (const listener of process.stdin.listeners("end")) {
    if (!before.end.has(listener)) process.stdin.off("end", listener as () => void);
  }
  return result;
}
