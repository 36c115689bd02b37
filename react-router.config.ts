import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest ships as one hashed, immutable asset, instead of a
  // partial manifest computed and inlined into every page plus `/__manifest`
  // requests as links appear: docs/decisions/007-route-discovery-initial.md.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
