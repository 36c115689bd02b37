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
    ],
  },
});
