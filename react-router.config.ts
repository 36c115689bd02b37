import type { Config } from "@react-router/dev/config";
import { routerBasename } from "./app/routing/base-path.ts";
import { buildSiteConfig } from "./app/routing/site-config.ts";
import site from "./site.config.ts";

const { basePath, trailingSlash } = buildSiteConfig(site, process.env);

export default {
  appDirectory: "app",
  // BUILD_DIR (default build/): one checkout builds several sites side by side (scripts/build.ts).
  buildDirectory: process.env.BUILD_DIR || "build",
  ssr: true,
  // basePath (site.config.ts, or BASE_PATH at build): the server reads it back
  // from the build (server/platform/build.ts), so it serves what was built.
  basename: routerBasename(basePath, trailingSlash),
  // The whole route manifest ships as one hashed, immutable asset, instead of a
  // partial manifest computed and inlined into every page plus `/__manifest`
  // requests as links appear: docs/decisions/007-route-discovery-initial.md.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
