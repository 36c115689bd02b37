/**
 * A site under a base path (`/root`), with trailing slashes, and a middleware
 * without a matcher (tests/nextjs-site-base/): what the middleware sees and
 * does outside the base path and for a click's data, and a shallow link to a
 * page it rewrites.
 */
import { expect, test } from "@playwright/test";
import { answerOf, expectSame, openPage, routerReady, RUNTIMES, type Runtime } from "./observe.ts";

test("base path: outside it, the middleware runs and redirects into it", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const outside = await answerOf(runtime, "/outside/?x=1", {}, "base");
    const inside = await answerOf(runtime, "/root/outside/", {}, "base");
    seen[runtime] = {
      status: outside.status,
      location: outside.location,
      // Inside the base path no page is there: the middleware lets it through.
      inside: { status: inside.status, saw: inside.headers.get("x-middleware-saw") },
    };
  }
  expectSame("base path: outside", seen.next, seen.shell);
});

test("base path: a page's data request reaches the middleware as the page's URL, slash and all", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime, "base");
    await page.goto("/root/");
    await routerReady(page);
    seen[runtime] = await page.evaluate(async () => {
      const { buildId } = (window as unknown as { __NEXT_DATA__: { buildId: string } })
        .__NEXT_DATA__;
      const response = await fetch(`/root/_next/data/${buildId}/shallow.json`, {
        headers: { "x-nextjs-data": "1" },
      });
      return { saw: response.headers.get("x-middleware-saw") };
    });
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("base path: data request", seen.next, seen.shell);
});

test("base path: a shallow link on a page the middleware rewrote keeps the page and loads nothing", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime, "base");
    await page.goto("/root/kept/");
    await routerReady(page);
    const served = () => page.locator("#served").textContent();
    const first = await served();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.includes("/_next/data/"))
        dataRequests.push(pathname.replace(/\/_next\/data\/[^/]+/, "/_next/data/ID") + search);
    });
    await page.click("#deep");
    await page.locator('#query[data-hello="deep"]').waitFor();
    const deep = await served();
    await page.click("#shallow");
    await page.locator('#query[data-hello="shallow"]').waitFor();
    seen[runtime] = {
      deepLoadedData: deep !== first,
      shallowKeptData: (await served()) === deep,
      dataRequests,
      path: await page.evaluate(() => location.pathname + location.search),
    };
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("base path: shallow link", seen.next, seen.shell);
});
