import { expect, test } from "vitest";
import { withoutNextTypeImports } from "../../../app/next/vite/imports.ts";

test.each([
  ['import { NextPage } from "next";\nconst a = 1;', "\nconst a = 1;"],
  ["import { NextApiRequest, NextApiResponse } from 'next'", ""],
  ['import {\n  GetStaticProps,\n  InferGetStaticPropsType,\n} from "next";\nx();', "\nx();"],
  ['import next, { NextConfig } from "next";', 'import next from "next";'],
  // Left as written: type imports (the compiler erases them), other modules, a default alone.
  ['import type { NextPage } from "next";', 'import type { NextPage } from "next";'],
  ['import { useRouter } from "next/router";', 'import { useRouter } from "next/router";'],
  ['import { x } from "nextra";', 'import { x } from "nextra";'],
  ['import next from "next";', 'import next from "next";'],
  ['const s = "import { A } from \\"next\\"";', 'const s = "import { A } from \\"next\\"";'],
])("withoutNextTypeImports(%j)", (code, expected) => {
  expect(withoutNextTypeImports(code)).toBe(expected);
});
