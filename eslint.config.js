import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".tools/",
      "test-results/",
      "playwright-report/",
      ".ab/",
      ".nextjs-tests/",
      "bench/nextjs/.next/",
      "bench/nextjs/node_modules/",
      "bench/nextjs/.sites/",
      "bench/vinext/node_modules/",
      "bench/vinext/.sites/",
      ".scratch/",
      // A team's repository, written as its team writes it (its own tsconfig): checked by building it.
      "tests/nextjs-repo/",
    ],
  },
  ...tseslint.configs.recommended,
  // React code lives in app/ and the example site/; elsewhere (Playwright fixtures) `use` is not React's.
  {
    files: ["app/**/*.{ts,tsx}", "site/**/*.{ts,tsx}"],
    ...(reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs.flat.recommended),
  },
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        // `const { a, ...rest } = x` leaves `a` out of `rest`: not unused.
        { argsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
);
