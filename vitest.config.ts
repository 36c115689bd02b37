import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The contract suites, which run again against a second site.config.ts. */
const CONTRACT_SUITES = [
  "routes",
  "slashes",
  "locales",
  "fallbacks",
  "dev",
  "sitemap",
  "redirects",
  "locale-domains",
].map((name) => `tests/integration/${name}.test.ts`);

/**
 * The contract suites against another site: every import of the project's
 * site.config.ts (the app's and the tests') reads tests/<name>/site.config.ts,
 * and the server started is a copy of the app built with it (the second site:
 * other locales, trailing slashes; base-path: this site under /shop).
 */
function anotherSite(name: string) {
  return {
    resolve: {
      alias: [
        {
          find: /^(?:\.\.?\/)+site\.config\.ts$/,
          replacement: fileURLToPath(new URL(`tests/${name}/site.config.ts`, import.meta.url)),
        },
      ],
    },
    test: {
      name,
      include: CONTRACT_SUITES,
      globalSetup: ["tests/integration/site-build-setup.ts"],
      testTimeout: 20_000,
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Each file starts the production build on its own ephemeral port.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      // The same suites, the same tables, another site.config.ts.
      anotherSite("second-site"),
      anotherSite("base-path"),
      {
        test: {
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          globalSetup: ["tests/container/global-setup.ts"],
          // We remove our containers ourselves; the reaper image may not be pullable.
          // The engine is this machine's: its published ports are on loopback, where
          // the compose suites reach them too. Without the override, testcontainers
          // (seeing /.dockerenv) asks the default bridge for its gateway, which a
          // fresh engine does not report, then pulls alpine to find one.
          env: { TESTCONTAINERS_RYUK_DISABLED: "true", TESTCONTAINERS_HOST_OVERRIDE: "127.0.0.1" },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
