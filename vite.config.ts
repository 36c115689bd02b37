import { reactRouter } from "@react-router/dev/vite";
import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { siteSass } from "./app/next/sass/plugin.ts";
import { nextPages } from "./app/next/vite/plugin.ts";
import {
  browserSiteConfig,
  buildSiteConfig,
  siteConfigInputOf,
} from "./app/routing/site-config.ts";
import { publicEnvOf } from "./app/site/env.ts";
import { currentSite, sitePackagesOf } from "./app/site/folder.ts";
import { jsconfigAliasesIn } from "./app/site/path-aliases.ts";
import { publicEnvReads } from "./app/site/public-env-plugin.ts";
import site from "./site.config.ts";

/**
 * The settings this build is made with: site.config.ts's, with BASE_PATH and
 * ASSET_PREFIX over them (one image per deployment, without editing the config).
 * react-router.config.ts reads the same.
 */
const built = buildSiteConfig(site, process.env);

const SITE_CONFIG = fileURLToPath(new URL("./site.config.ts", import.meta.url));
const SITE_CONFIG_CHECKS = fileURLToPath(new URL("./app/routing/site-config.ts", import.meta.url));
const BUILT_SITE_CONFIG = { client: "\0site-config:browser", server: "\0site-config:server" };

/**
 * site.config.ts as the build made it: its values, checked once, written into
 * the bundles rather than read again from the site's next.config. The
 * browser's copy leaves out the server's settings (`redirects`: rules,
 * conditions and targets a visitor has no business reading) and the code that
 * checks them.
 */
function siteConfigAsBuilt(): Plugin {
  return {
    name: "site-config-as-built",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith("site.config.ts")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== SITE_CONFIG) return null;
      return BUILT_SITE_CONFIG[this.environment.config.consumer];
    },
    load(id) {
      if (id === BUILT_SITE_CONFIG.client)
        return `export default ${JSON.stringify(browserSiteConfig(built))};\n`;
      if (id !== BUILT_SITE_CONFIG.server) return null;
      return [
        `import { defineSiteConfig } from ${JSON.stringify(SITE_CONFIG_CHECKS)};`,
        `export default defineSiteConfig(${JSON.stringify(siteConfigInputOf(built))});`,
        "",
      ].join("\n");
    },
  };
}

/** The site this build is of (SITE_DIR, or the embedded example). */
const siteFolder = currentSite();

/** The site's folder when it has a PostCSS config (Vite would look in the shell's); else none. */
function postcssConfigDirOf(dir: string): string | undefined {
  const names = ["postcss.config", ".postcssrc"].flatMap((name) =>
    ["", ".js", ".cjs", ".mjs", ".ts", ".json"].map((extension) => name + extension),
  );
  return names.some((name) => existsSync(join(dir, name))) ? dir : undefined;
}

/**
 * `process.env.KEY` for each key of next.config's `env`: its value, written
 * into the browser's code and the server's at build, as Next.js writes it.
 * `process.env.NEXT_PUBLIC_*` reads the values the server gives at start, the
 * build's as the fallback (app/site/public-env.ts). Any other `process.env.X`
 * is undefined in the browser's code (Vite makes `process.env` an empty
 * object there) and read at run time on the server.
 */
const configEnvDefines = Object.fromEntries(
  Object.entries(built.env).map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)]),
);
/**
 * Next.js's test mode, as `next build` writes it in: a build made with
 * `__NEXT_TEST_MODE` marks its pages hydrated for Next.js's own tests
 * (app/client/test-mode.tsx). Without it the mark is left out of the build.
 */
const testModeDefine = {
  "process.env.__NEXT_TEST_MODE": JSON.stringify(process.env.__NEXT_TEST_MODE ?? ""),
};

/** A module of ours that is an entry of the client build: its own chunk, as React Router loads it. */
const ENTRY_MODULE = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx|pages[\\/]|routes[\\/])/;

/**
 * The page's shared scripts in two chunks, the libraries and our code that the
 * pages share, the shell's and the site's (and Rolldown's small runtime), not in the seven Rolldown makes by
 * itself; each route module stays apart, as React Router loads it. Every chunk is a module preload the browser
 * fetches beside the page's photo, at the same priority: on `/`, 11 of them took
 * its connections and most of the bandwidth, and now 7 do (issue 34).
 */
const codeSplitting = {
  groups: [
    { name: "framework", test: /[\\/]node_modules[\\/]/, priority: 2 },
    {
      name: "app",
      test: (id: string) =>
        (/[\\/]app[\\/]/.test(id) || id.startsWith(siteFolder.dir + sep)) &&
        !ENTRY_MODULE.test(id) &&
        !id.includes("?"),
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
    plugins: [
      siteConfigAsBuilt(),
      nextPages(),
      // The site's own Sass, when it installs it.
      siteSass(siteFolder.dir),
      reactRouter(),
      publicEnvReads(publicEnvOf(process.env), resolve(process.env.BUILD_DIR || "build")),
    ],
    define: { ...testModeDefine, ...configEnvDefines },
    // JSX compiled for React's automatic runtime, whatever the site's tsconfig says:
    // create-next-app wrote `"jsx": "preserve"`, which Next.js overrides as well.
    oxc: { jsx: { runtime: "automatic" } },
    // The site's PostCSS config (Tailwind's, say), its plugins the site's own.
    css: { postcss: postcssConfigDirOf(siteFolder.dir) },
    // The site's own folder: its public files, its tsconfig's `paths` (`@/components/...`).
    publicDir: siteFolder.publicDir,
    // The site's .env files are Next.js's (app/site/env.ts), not Vite's VITE_* ones.
    envDir: false,
    resolve: {
      tsconfigPaths: true,
      // A JavaScript site's jsconfig.json `paths`, which Vite does not read itself.
      alias: jsconfigAliasesIn(siteFolder.dir),
      // One React, the shell's, whatever copy a site's folder has installed.
      dedupe: ["react", "react-dom"],
    },
    environments: {
      // The site's own packages go into the server's code (app/site/folder.ts):
      // its folder, where they are installed, is not there when the build runs.
      // The dev server leaves them to Node, which loads them from the site's
      // folder: its module runner would run a linked package (a `file:` or
      // workspace one) as source, and cannot run CommonJS.
      ssr: {
        resolve:
          command === "build"
            ? { noExternal: sitePackagesOf(siteFolder) }
            : { external: sitePackagesOf(siteFolder) },
      },
      client: {
        build: { rolldownOptions: { output: { codeSplitting, postBanner: COMPILE_HINT } } },
      },
    },
  };
});
