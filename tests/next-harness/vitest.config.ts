/**
 * Runs Next.js's test files as they are: Jest's globals, and the modules they
 * import from Next.js's test library (`e2e-utils`, `next-test-utils`,
 * `next-webdriver`, by name or by a relative path into test/lib) are the
 * harness's. The files are read from NEXT_HARNESS_TESTS (default
 * .nextjs-tests/, fetched there as tests/next-harness/README.md says).
 */
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { withGates } from "./lib/gates.ts";

const lib = (name: string) => resolve(import.meta.dirname, "lib", name);
const tests = resolve(
  process.env.NEXT_HARNESS_TESTS ?? resolve(import.meta.dirname, "../../.nextjs-tests"),
);

export default defineConfig({
  root: tests,
  plugins: [
    {
      name: "next-test-gates",
      enforce: "pre",
      transform(code, id) {
        if (!/\.test\.[cm]?[jt]sx?$/.test(id) || !code.includes("@force-gate")) return null;
        return { code: withGates(code), map: null };
      },
    },
  ],
  resolve: {
    alias: [
      { find: /^(?:.*\/lib\/)?e2e-utils(?:\/index)?$/, replacement: lib("e2e-utils.ts") },
      { find: /^(?:.*\/lib\/)?next-test-utils$/, replacement: lib("next-test-utils.ts") },
      { find: /^(?:.*\/lib\/)?next-webdriver$/, replacement: lib("next-webdriver.ts") },
      { find: /^(?:.*\/)?test\/lib\/next-modes\/base$/, replacement: lib("instance.ts") },
      { find: /^(?:.*\/)?test\/lib\/browsers\/base$/, replacement: lib("browser.ts") },
      { find: /^cheerio$/, replacement: lib("cheerio.ts") },
      { find: /^next$/, replacement: lib("next.ts") },
    ],
  },
  test: {
    name: "nextjs-tests",
    root: tests,
    include: ["test/**/*.test.{ts,tsx,js,jsx}"],
    exclude: ["**/node_modules/**"],
    globals: true,
    setupFiles: [lib("jest-globals.ts")],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    env: { NEXT_TEST_MODE: "deploy" },
  },
});
