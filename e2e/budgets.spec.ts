import { expect, idle, isSameDocument, markDocument, test, waitForHydration } from "./fixtures.ts";

/**
 * What the browser sees of every page of the route inventory: a clean console,
 * nothing between the document and its first paint, and client navigations
 * that load no document. The bytes of JavaScript a first load costs are
 * counted in tests/integration/first-load.test.ts.
 */
const PAGES = [
  "/",
  "/about",
  "/blog/new",
  "/blog/hello%20world",
  "/docs/getting-started/install",
  "/shop",
  "/shop/red/xl",
  "/fr/about",
  "/de/blog/new",
  "/nope",
];

test.describe("budgets: every page of the route inventory @build", () => {
  for (const path of PAGES) {
    test(`${path}: no console error or warning, nothing render-blocking`, async ({ page }) => {
      const messages: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") messages.push(m.text());
      });
      const response = await page.goto(path);
      await waitForHydration(page);
      await idle(page);
      // Its prefetches answered too (a 404 page's language links lead to 404 pages).
      await page.waitForLoadState("networkidle");
      if (!(await page.evaluate(() => window.isSecureContext))) {
        // Plain HTTP on an address that is not loopback (CI's Docker host can be the bridge's
        // gateway): the browser ignores Cross-Origin-Opener-Policy there and says so. That
        // warning is about the origin, not the page; over HTTPS or on localhost it is not given.
        const ignoredCoop = /Cross-Origin-Opener-Policy header has been ignored.*untrustworthy/;
        messages.splice(0, messages.length, ...messages.filter((m) => !ignoredCoop.test(m)));
      }
      if (response?.status() === 404) {
        // The browser reports the 404 statuses it met, its own page's first: those, and nothing else.
        expect(messages.length).toBeGreaterThanOrEqual(1);
        for (const message of messages) expect(message).toMatch(/status of 404 \(Not Found\)/);
      } else {
        expect(messages).toEqual([]);
      }
      const blocking = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          // Chromium's, not yet in TypeScript's DOM types.
          .filter(
            (e) => (e as { renderBlockingStatus?: string }).renderBlockingStatus === "blocking",
          )
          .map((e) => e.name),
      );
      // The stylesheet is inlined: the document alone stands before the first paint.
      expect(blocking).toEqual([]);
    });
  }

  test("client navigations through every header and language link load no document", async ({
    page,
  }) => {
    const documents: string[] = [];
    page.on("request", (r) => r.isNavigationRequest() && documents.push(r.url()));
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
    const links = page.locator("header a");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(9);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === new URL(href, url).pathname);
      await expect(page.locator("main")).toBeVisible();
    }
    expect(await isSameDocument(page)).toBe(true);
    expect(documents).toHaveLength(1);
  });
});
