import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { nextPages } from "./app/next/vite/plugin.ts";
import { browserSiteConfig, buildSiteConfig } from "./app/routing/site-config.ts";
import site from "./site.config.ts";

/**
 * The settings this build is made with: site.config.ts's, with BASE_PATH and
 * ASSET_PREFIX over them (one image per deployment, without editing the config).
 * react-router.config.ts reads the same.
 */
const built = buildSiteConfig(site, process.env);

const SITE_CONFIG = fileURLToPath(new URL("./site.config.ts", import.meta.url));
const BROWSER_SITE_CONFIG = "\0site-config:browser";

/**
 * The browser's site.config.ts: the settings it reads, as checked values (the
 * build's, overrides included), without the server's (`redirects`: rules,
 * conditions and targets a visitor has no business reading) and without the
 * code that checks them.
 */
function siteConfigForTheBrowser(): Plugin {
  return {
    name: "site-config-for-the-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== "client" || !source.endsWith("site.config.ts"))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === SITE_CONFIG ? BROWSER_SITE_CONFIG : null;
    },
    load(id) {
      if (id !== BROWSER_SITE_CONFIG) return null;
      return `export default ${JSON.stringify(browserSiteConfig(built))};\n`;
    },
  };
}

/** A module of ours that is an entry of the client build: its own chunk, as React Router loads it. */
const ENTRY_MODULE = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx|pages[\\/]|routes[\\/])/;

/**
 * The page's shared scripts in two chunks, the libraries and our code that the
 * pages share (and Rolldown's small runtime), not in the seven Rolldown makes by
 * itself; each route module stays apart, as React Router loads it. Every chunk is a module preload the browser
 * fetches beside the page's photo, at the same priority: on `/`, 11 of them took
 * its connections and most of the bandwidth, and now 7 do (issue 34).
 */
const codeSplitting = {
  groups: [
    { name: "framework", test: /[\\/]node_modules[\\/]/, priority: 2 },
    {
      name: "app",
      test: (id: string) => /[\\/]app[\\/]/.test(id) && !ENTRY_MODULE.test(id) && !id.includes("?"),
      priority: 1,
    },
  ],
};

/**
 * V8's explicit compile hint (Chrome 136 on), first in every chunk of the client
 * build: compile each function while the file streams in, on a background thread,
 * not on the main thread the first time it runs. A click ran React Router's
 * navigation and React's commit for the first time, and compiling them took a third
 * to a half of the click's task at 4x CPU; the page holds about 0.4 MiB more
 * bytecode (decision 022). Added after minification, which would drop a comment.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

export default defineConfig(({ command }) => {
  // assetPrefix: the built pages fetch their hashed files from the CDN; the
  // dev server serves them itself. Otherwise they are served below basePath.
  // The server's CSP follows the build's value.
  const cdn = command === "build" ? built.assetPrefix : "";
  return {
    base: cdn ? `${cdn}/` : `${built.basePath}/`,
    // Next.js pages, `next/*` imports and JSX in .js files, before React Router reads the routes.
    plugins: [siteConfigForTheBrowser(), nextPages(), reactRouter()],
    environments: {
      client: {
        build: { rolldownOptions: { output: { codeSplitting, postBanner: COMPILE_HINT } } },
      },
    },
  };
});
