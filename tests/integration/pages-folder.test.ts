/**
 * Adding a page is adding a file: a copy of the app with `pages/pricing/[plan].tsx`
 * added, built as `npm run build` builds it, answers it by the contract in every
 * locale, with no table edited; a copy whose files Next.js would refuse does not
 * build, and the build names the files.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES, localizedPath } from "../../app/routing/locale.ts";
import { expectNotFound, expectRoute, expectSlash } from "./contract-cases.ts";
import { buildAppCopy, PRICING_PAGE, startAppCopy, type RunningServer } from "./harness.ts";

describe("a page added as a file", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startAppCopy({ "site/pages/pricing/[plan].tsx": PRICING_PAGE });
  }, 120_000);
  afterAll(() => server?.stop());

  test.each(LOCALES)("answers in %s, with its parameter decoded", async (locale) => {
    await expectRoute(server, localizedPath(locale, "/pricing/pro"), "/pricing/[plan]", {
      plan: "pro",
    });
    await expectRoute(server, localizedPath(locale, "/pricing/pro%20plus"), "/pricing/[plan]", {
      plan: "pro plus",
    });
  });

  test("its trailing-slash and repeated-slash forms reach it in one 308, the query kept", async () => {
    await expectSlash(server, "/pricing/pro/?x=1", "/pricing/pro?x=1");
    await expectSlash(server, "/fr//pricing/pro/", "/fr/pricing/pro");
  });

  test.each(["/pricing", "/pricing/pro/more", "/fr/pricing"])("%s is a 404 page", (path) =>
    expectNotFound(server, path),
  );
});

test("files Next.js would refuse fail the build, which names each of them", async () => {
  const failure = await buildAppCopy({
    "site/pages/blog/[id].tsx": PRICING_PAGE,
    "site/pages/guide/[...rest]/more.tsx": PRICING_PAGE,
  }).then(
    () => new Error("it built"),
    (error: unknown) => error as Error,
  );
  expect(failure.message).toMatch(/npm run build exited with 1/);
  expect(failure.message).toContain("blog/[id].tsx and blog/[slug].tsx answer the same URLs");
  expect(failure.message).toContain(
    "guide/[...rest]/more.tsx: a catch-all must be the last part of the path",
  );
}, 120_000);

test("a page whose getStaticProps or render fails fails the build, as next build does, naming the page, its URL and the error", async () => {
  const failure = await buildAppCopy({
    "site/pages/broken.tsx": [
      "export default function Broken() {",
      '  throw new Error("the page cannot render");',
      "}",
      "",
    ].join("\n"),
    "site/pages/catalogue.tsx": [
      "export const getStaticProps = () => {",
      '  throw new Error("the catalogue service is down");',
      "};",
      "export default function Catalogue() {",
      "  return <p>catalogue</p>;",
      "}",
      "",
    ].join("\n"),
  }).then(
    () => new Error("it built"),
    (error: unknown) => error as Error,
  );
  expect(failure.message).toMatch(/npm run build exited with 1/);
  expect(failure.message).toContain("pages rendered once failed to render");
  expect(failure.message).toContain(
    "pages/catalogue at /catalogue: getStaticProps failed: the catalogue service is down",
  );
  expect(failure.message).toContain(
    "pages/catalogue at /fr/catalogue: getStaticProps failed: the catalogue service is down",
  );
  expect(failure.message).toContain("pages/broken at /de/broken: 500 (the page cannot render)");
}, 120_000);
