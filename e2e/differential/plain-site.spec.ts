/**
 * A site without i18n whose pages live under en/ (tests/nextjs-site-plain/):
 * no segment is a locale prefix, pages are told of no locale, and a click
 * fetches page data whose URL has no locale, in both runtimes.
 */
import { expect, test } from "@playwright/test";
import {
  answerOf,
  baseOf,
  expectSame,
  openPage,
  RUNTIMES,
  shownPage,
  type Runtime,
} from "./observe.ts";

const PATHS = [
  "/",
  "/en/about",
  "/en/docs/intro?x=1",
  "/en/static",
  // A page that renders another page's component with children, and that page alone.
  "/en/framed",
  "/en/frame",
  "/en",
  "/fr/about",
  "/EN/about",
  "/about",
];

for (const path of PATHS) {
  test(`without i18n: the page at ${path}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const answer = await answerOf(runtime, path, {}, "plain");
      const observed: Record<string, unknown> = {
        status: answer.status,
        location: answer.location,
      };
      if (answer.status === 200) {
        const { page, errors, close } = await openPage(browser, runtime, "plain");
        await page.goto(path);
        observed.shown = await shownPage(page);
        observed.lang = await page.getAttribute("html", "lang");
        observed.hreflang = await page.locator("link[hreflang]").count();
        if (runtime === "shell") expect(errors).toEqual([]);
        await close();
      }
      seen[runtime] = observed;
    }
    expectSame(`without i18n: page ${path}`, seen.next, seen.shell);
  });
}

test("without i18n: a click fetches the page's data at a URL without a locale", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime, "plain");
    // Every data request from the first load on: the home page's link to a
    // static page prefetches that page's data once the browser is idle, in
    // both runtimes, at a moment of its own, before or after the click.
    const dataPaths: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/_next/data/"))
        dataPaths.push(pathname.replace(/^\/_next\/data\/[^/]+/, ""));
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
    await page.click("#docs");
    await page.waitForURL((url) => url.pathname === "/en/docs/intro");
    await expect(page.locator("h1")).toHaveText("Doc intro");
    // The prefetch may come late on a busy host; a runtime that never makes it
    // shows up in the comparison below after this wait.
    await expect
      .poll(() => dataPaths.includes("/en/static.json"), { timeout: 5000 })
      .toBe(true)
      .catch(() => undefined);
    seen[runtime] = {
      dataPaths: dataPaths.toSorted(),
      kept: await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true),
      shown: await shownPage(page),
    };
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("without i18n: a click", seen.next, seen.shell);
});

test("without i18n: a page for the Edge runtime is rendered per request, a failing one a 500", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const page = await answerOf(runtime, "/en/edge", {}, "plain");
    const throws = await answerOf(runtime, "/en/edge-throws", {}, "plain");
    seen[runtime] = {
      status: page.status,
      cacheControl: page.headers.get("cache-control"),
      heading: /<h1>(.*?)<\/h1>/.exec(page.body)?.[1] ?? null,
      throws: throws.status,
    };
  }
  expectSame("without i18n: an Edge page", seen.next, seen.shell);
});

test("without i18n: the older static/ folder's files, at /static/", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const answers = [];
    for (const path of ["/static/legacy%20file.txt", "/static/missing.txt"]) {
      const answer = await answerOf(runtime, path, {}, "plain");
      answers.push({
        path,
        status: answer.status,
        body: answer.status === 200 ? answer.body : null,
      });
    }
    seen[runtime] = answers;
  }
  expectSame("without i18n: static/", seen.next, seen.shell);
});

test("without i18n: the client's data cache, router.sdc, holds the data of a page rendered once", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime, "plain");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.click("#static");
    await page.waitForURL((url) => url.pathname === "/en/static");
    await expect(page.locator("h1")).toHaveText("Static, in the en folder");
    const { keys, sameOnRereads } = await page.evaluate(() => {
      const { router } = (window as unknown as { next: { router: { sdc: object } } }).next;
      const first = Object.entries(router.sdc);
      return {
        keys: first.map(([key]) => key),
        // A read of the cache twice gives the same entries, not each one again.
        sameOnRereads: first.every(
          ([key, entry]) => (router.sdc as Record<string, unknown>)[key] === entry,
        ),
      };
    });
    seen[runtime] = {
      keys: keys
        .map((key) => new URL(key).pathname.replace(/^\/_next\/data\/[^/]+/, "/_next/data/ID"))
        .sort(),
      sameOnRereads,
    };
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("without i18n: router.sdc", seen.next, seen.shell);
});

test("without i18n: next/og draws a PNG in an API route", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const images = [];
    for (const path of ["/api/og?title=Card", "/api/og?title=Narrow&w=600"]) {
      const response = await fetch(baseOf(runtime, "plain") + path);
      const png = Buffer.from(await response.arrayBuffer());
      images.push({
        path,
        status: response.status,
        type: response.headers.get("content-type"),
        signature: png.subarray(1, 4).toString("latin1"),
        // The PNG's header: width and height, big-endian, after its signature and chunk header.
        size: png.length >= 24 ? [png.readUInt32BE(16), png.readUInt32BE(20)] : null,
      });
    }
    seen[runtime] = images;
  }
  expectSame("without i18n: next/og", seen.next, seen.shell);
});
