/**
 * `__NEXT_DATA__`, as tests, analytics snippets and libraries read it: the
 * script the server writes into a page (its props, page, query, kind and
 * locales), and `window.__NEXT_DATA__` and `window.next.router` in the browser.
 * Each runtime's build id is its own: compared as present.
 */
import { test } from "@playwright/test";
import { answerOf, expectSame, openPage, RUNTIMES, type Runtime, type Site } from "./observe.ts";

const PAGES = [
  "/about",
  "/fr/about",
  "/ssg/first",
  "/ssr/one?x=1",
  // The page's parameter in the query too: left out of resolvedUrl, as Next.js does.
  "/ssr/one?id=one&x=1",
  "/gip?q=1",
  "/docs/a/b",
  "/shop/red?size=xl",
  "/nope",
  "/fr/nope",
];

/** The page's `__NEXT_DATA__`, its build id set aside. */
function nextDataIn(html: string): unknown {
  const text = /<script id="__NEXT_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  if (text === undefined) return null;
  const { isExperimentalCompile, ...data } = JSON.parse(text) as Record<string, unknown>;
  return {
    ...data,
    buildId: typeof data.buildId === "string" && data.buildId.length > 0,
    // Next.js writes it (false) into a page its server renders: every page rendered per
    // request, and a getStaticProps page once revalidated, which depends on the
    // time the suite reaches it. Compared for the others.
    ...(data.gsp !== true && { isExperimentalCompile }),
  };
}

for (const path of PAGES) {
  test(`__NEXT_DATA__ of ${path}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const answer = await answerOf(runtime, path);
      seen[runtime] = { status: answer.status, nextData: nextDataIn(answer.body) };
    }
    expectSame(`__NEXT_DATA__ ${path}`, seen.next, seen.shell);
  });
}

test("window.__NEXT_DATA__ and window.next.router in the browser, after a click too", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, close } = await openPage(browser, runtime);
    await page.goto("/ssr/one?id=one");
    await page.waitForLoadState("networkidle");
    const read = () =>
      page.evaluate(() => {
        const data = window.__NEXT_DATA__;
        const router = (window as { next?: { router?: Record<string, unknown> } }).next?.router;
        return {
          page: data?.page,
          query: data?.query,
          gssp: data?.gssp,
          routerPush: typeof router?.push,
          asPath: router?.asPath,
        };
      });
    const first = await read();
    await page.click('nav a[href="/about"]');
    await page.waitForURL("**/about");
    await page.waitForLoadState("networkidle");
    // The first page's data stays; the router is on the new page.
    // (Next.js's own fixture page reports a hydration mismatch of its router fields: not compared.)
    seen[runtime] = { first, afterClick: await read() };
    await close();
  }
  expectSame("window.__NEXT_DATA__", seen.next, seen.shell);
});

/**
 * The routers a page renders with, from hydration on: one, ready, where the
 * server knew the query (data functions, no query); a second, ready, once a
 * page rendered for every query has it. A layout effect on `[router]` sees each.
 */
const READY_PAGES: [Site, string][] = [
  ["main", "/ready/gssp"],
  ["main", "/ready/gssp?x=1"],
  ["main", "/ready/gip?x=1"],
  ["main", "/ready/auto"],
  ["main", "/ready/auto?x=1"],
  ["main", "/ready/dyn/first"],
  ["main", "/fr/ready/gssp"],
  // A site without _app, the page's props random: the client's first render must reuse the server's.
  ["plain", "/ready"],
  ["plain", "/ready?x=1"],
];

test("router.isReady: each router a page renders with, from hydration on", async ({ browser }) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const values: Record<string, unknown> = {};
    for (const [site, path] of READY_PAGES) {
      const { page, close } = await openPage(browser, runtime, site);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      values[`${site} ${path}`] = await page.evaluate(
        () => (window as { readyValues?: unknown }).readyValues,
      );
      await close();
    }
    seen[runtime] = values;
  }
  expectSame("router.isReady", seen.next, seen.shell);
});
