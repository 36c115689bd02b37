import { defineConfig } from "vitest/config";

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
      {
        test: {
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          globalSetup: ["tests/container/global-setup.ts"],
          // We remove our containers ourselves; the reaper image may not be pullable.
          env: { TESTCONTAINERS_RYUK_DISABLED: "true" },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
