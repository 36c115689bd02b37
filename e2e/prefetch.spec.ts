import type { CDPSession, Page } from "@playwright/test";
import { expect, idle, isSameDocument, markDocument, test, waitForHydration } from "./fixtures.ts";

// The home page's header links lead to five route modules the home page has not loaded,
// named by Vite after their files in site/pages: about, blog/new, blog/[slug],
// docs/[...path] and shop/[[...filters]].
const HEADER_ROUTE_MODULES =
  /\/assets\/(about|new|_slug_|_\.\.\.path_|__\.\.\.filters__)-[\w-]+\.js$/;
// /blog/new's own module: the one file a navigation there loads that the home page has not.
const BLOG_NEW_MODULE = /\/assets\/new-[\w-]+\.js$/;
// The docs page's module, and its data (it has getStaticProps: rendered once, and its
// data with it) at its data URL, as Next.js's client asks for it.
const DOCS_MODULE = /\/assets\/_\.\.\.path_-[\w-]+\.js$/;
const isDocsData = (url: string) =>
  /^\/_next\/data\/[^/]+\/en\/docs\/getting-started\/install\.json$/.test(new URL(url).pathname);

/** The URLs the page asks the network for from now on: what its cache answered is left out. */
async function networkRequests(page: Page): Promise<() => string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const sent = new Map<string, string>();
  const fromCache = new Set<string>();
  cdp.on("Network.requestWillBeSent", (e) => sent.set(e.requestId, e.request.url));
  cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) fromCache.add(e.requestId);
  });
  return () => [...sent].filter(([id]) => !fromCache.has(id)).map(([, url]) => url);
}

/** Whether React Router's module cache holds the route's module: a click there imports nothing. */
const routeModuleLoaded = (page: Page, routeId: string) =>
  page.evaluate((id) => id in window.__reactRouterRouteModules, routeId);

test.describe("prefetched navigations @core", () => {
  test("a page whose code and data were prefetched navigates with no request after the click", async ({
    page,
  }) => {
    const prefetched = Promise.all([
      page.waitForResponse((r) => isDocsData(r.url())),
      page.waitForResponse((r) => DOCS_MODULE.test(r.url())),
    ]);
    await page.goto("/");
    await waitForHydration(page);
    const [data] = await prefetched;
    expect(data.status()).toBe(200);
    await markDocument(page);

    const requested = await networkRequests(page);
    await page.locator('header a[href="/docs/getting-started/install"]').click();
    await expect(page.locator('main[data-route="/docs/[...path]"]')).toBeVisible();
    await expect(page.locator("h1")).toHaveText("Documentation");
    expect(await isSameDocument(page)).toBe(true);
    // The home page's other prefetches, and what the new page's links prefetch
    // next, may still be under way; nothing the navigation needed went to the network:
    // neither its module, nor its data, nor any route data of React Router's.
    const needed = requested().filter(
      (url) => DOCS_MODULE.test(url) || isDocsData(url) || new URL(url).pathname.endsWith(".data"),
    );
    expect(needed).toEqual([]);
  });

  test("a page with no data of its own navigates on its prefetched code alone, with no request", async ({
    page,
  }) => {
    const moduleFetched = page.waitForResponse((r) => BLOG_NEW_MODULE.test(r.url()));
    await page.goto("/");
    await waitForHydration(page);
    await moduleFetched;
    await expect.poll(() => routeModuleLoaded(page, "pages/blog/new")).toBe(true);
    await markDocument(page);

    const requested = await networkRequests(page);
    await page.locator('header a[href="/blog/new"]').click();
    await expect(page.locator("h1")).toHaveText("Write a new post");
    expect(await isSameDocument(page)).toBe(true);
    // A Next.js page without data: no data URL, and no route data of the root's either.
    // (The home page's other prefetches may still be under way: only /blog/new's count.)
    expect(
      requested().filter((url) => /\/blog\/new(\.data|\.json)$/.test(new URL(url).pathname)),
    ).toEqual([]);
  });

  test("a prefetched route module is evaluated and loaded before the click, once its files have arrived", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Fetched into the cache by the prefetcher, then imported: a script's fetch, from that cache.
    const loads = () =>
      page.evaluate((source) => {
        const module = new RegExp(source);
        return performance
          .getEntriesByType("resource")
          .filter((entry) => module.test(entry.name))
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType);
      }, BLOG_NEW_MODULE.source);
    await expect.poll(loads).toEqual(["fetch", "script"]);
    // And handed to React Router, which then has no import to make at the click.
    await expect.poll(() => routeModuleLoaded(page, "pages/blog/new")).toBe(true);
  });

  test("a prefetched page is what the first frame after the click shows", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => routeModuleLoaded(page, "pages/blog/new")).toBe(true);
    await idle(page);
    await markDocument(page);
    // Read at the start of the first frame after the click, before it is painted:
    // the navigation ran within the click's task, with nothing to wait for.
    await page.evaluate(() =>
      addEventListener(
        "click",
        () =>
          requestAnimationFrame(() => {
            document.documentElement.dataset.firstFrameHeading =
              document.querySelector("h1")?.textContent ?? "";
          }),
        { capture: true, once: true },
      ),
    );
    await page.locator('header a[href="/blog/new"]').click();
    await expect(page.locator("html")).toHaveAttribute(
      "data-first-frame-heading",
      "Write a new post",
    );
    expect(await isSameDocument(page)).toBe(true);
  });

  test("a prefetched answer from another build is not used: the click asks again", async ({
    page,
  }) => {
    let prefetchAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (prefetchAnswered = resolve));
    let first = true;
    await page.route(
      (url) => isDocsData(url.href),
      async (route) => {
        if (!first) return route.continue();
        first = false;
        // This server's own, valid answer, labelled as another build's: used, it
        // would render fine, and the click below would send nothing.
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: { ...response.headers(), "x-build-id": "build-before-the-deploy" },
        });
        prefetchAnswered();
      },
    );
    await page.goto("/");
    await waitForHydration(page);
    await answered;
    await idle(page);
    await markDocument(page);

    const asked = page.waitForRequest((r) => isDocsData(r.url()));
    await page.locator('header a[href="/docs/getting-started/install"]').click();
    await asked;
    await expect(page.locator('main[data-route="/docs/[...path]"]')).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });

  test("failed prefetches leave the page as it is, and the click tries again", async ({
    page,
    baseURL,
  }) => {
    // As an old replica would answer during a deploy: the route modules are gone.
    const failed: string[] = [];
    await page.route(HEADER_ROUTE_MODULES, (route) => {
      failed.push(route.request().url());
      return route.fulfill({ status: 404, body: "Not Found" });
    });
    const documents: string[] = [];
    page.on("request", (r) => r.isNavigationRequest() && documents.push(r.url()));
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
    await expect.poll(() => failed.length).toBeGreaterThanOrEqual(5);
    await idle(page);
    expect(documents).toEqual([`${baseURL}/`]);
    expect(await isSameDocument(page)).toBe(true);
    await expect(page).toHaveURL(`${baseURL}/`);

    // The files are back: the click fetches them anew, nothing was poisoned.
    await page.unroute(HEADER_ROUTE_MODULES);
    await page.locator('header a[href="/about"]').click();
    await expect(page.locator('main[data-route="/about"]')).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
    expect(documents).toHaveLength(1);
  });

  for (const [connection, emulate] of [
    [
      "a 2G connection",
      async (cdp: CDPSession, page: Page) => {
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 1600,
          downloadThroughput: 35_000,
          uploadThroughput: 32_000,
        });
        // What a browser on such a link reports: Chromium 150 throttles the link but leaves
        // navigator.connection at "4g" (later versions report "2g" by themselves).
        await page.addInitScript(() => {
          const connection = (navigator as Navigator & { connection?: object }).connection;
          if (connection) Object.defineProperty(connection, "effectiveType", { get: () => "2g" });
        });
      },
    ],
    [
      "Save-Data",
      (cdp: CDPSession) => cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true }),
    ],
  ] as const) {
    test(`nothing is prefetched on ${connection}`, async ({ page }) => {
      test.slow(); // 2G takes its time over the page itself.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await emulate(cdp, page);
      const requested: string[] = [];
      page.on("request", (r) => requested.push(r.url()));
      await page.goto("/");
      await waitForHydration(page);
      await idle(page);
      expect(
        requested.filter((url) => HEADER_ROUTE_MODULES.test(url) || url.includes(".data")),
      ).toEqual([]);
    });
  }
});
