/**
 * `npm run dev` runs the production request pipeline, with the app from Vite:
 * the contract's HTTP cases for sections 1 to 4 and 7 (the tables the
 * production suite runs, through the same checks), what only Vite serves, and
 * an edited route served without a restart.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumArgs, chromiumPath } from "../../e2e/chromium.ts";
import {
  at,
  DETECTION_CASES,
  expectDetection,
  expectLocalePage,
  expectLocalizedNotFound,
  expectMalformedRefused,
  expectNotFound,
  expectProbe,
  expectRoute,
  expectServerErrorPage,
  expectSlash,
  LOCALE_PAGES,
  LOCALIZED_NOT_FOUND,
  MALFORMED_CASES,
  NOT_FOUND_PATHS,
  PROBES,
  ROUTE_CASES,
  canonical,
  L1,
  pathIn,
  SLASH_COLUMN,
  SLASH_ROWS,
} from "./contract-cases.ts";
import { PRICING_PAGE, startDevServer } from "./harness.ts";

let server: Awaited<ReturnType<typeof startDevServer>>;
let startedInMs = 0;
beforeAll(async () => {
  const started = performance.now();
  server = await startDevServer({ E2E_FIXTURES: "1" });
  await server.request(at("/"));
  startedInMs = performance.now() - started;
}, 90_000);
afterAll(() => server?.stop());

describe("the contract under npm run dev", () => {
  test("starts, and answers its first page, within 60 s", () => {
    console.log(`npm run dev: first page answered ${Math.round(startedInMs)} ms after the start`);
    expect(startedInMs).toBeLessThan(60_000);
    expect(server.logs.find((line) => line.msg === "listening")).toMatchObject({
      mode: "development",
    });
  });

  test.each(ROUTE_CASES)("§1 %s renders %s with params %j", (path, route, params) =>
    expectRoute(server, path, route, params),
  );
  test.each(NOT_FOUND_PATHS)("§1 %s is a 404 page", (path) => expectNotFound(server, path));
  test.each(SLASH_ROWS.map((row) => [row[0], row[SLASH_COLUMN]] as const))(
    "§2 %s -> %s",
    (path, expected) => expectSlash(server, path, expected),
  );
  test.each(LOCALE_PAGES)("§3 %s is served in %s", (path, locale, heading) =>
    expectLocalePage(server, path, locale, heading),
  );
  test.each(DETECTION_CASES)("§3 Accept-Language %s answers 307 to %s", (language, location) =>
    expectDetection(server, language, location),
  );
  test.each(LOCALIZED_NOT_FOUND)("§4 %s is a %s 404 page", (path, locale, heading) =>
    expectLocalizedNotFound(server, path, locale, heading),
  );
  test("§4 a loader error renders the 500 page, its reference in the log, no stack", () =>
    expectServerErrorPage(server));
  test.each(MALFORMED_CASES)("§4 %s %s -> %i", (method, path, status) =>
    expectMalformedRefused(server, method, path, status),
  );
  test.each(PROBES)("§7 %s answers 200 before the locale rules", (path) =>
    expectProbe(server, path),
  );

  test("every answer has a request id, in the access log", async () => {
    const response = await server.request(canonical("/about"));
    expect(await server.accessLog(response)).toMatchObject({ status: 200, route: "/about" });
  });
});

describe("what comes from Vite", () => {
  test("the client entry, as a module Vite transformed", async () => {
    const page = await server.request(canonical("/about"));
    const entry = /import\("((?:\/[\w.~-]+)*\/app\/entry\.client\.tsx)"\)/.exec(page.body)?.[1];
    expect(entry).toBeDefined();
    const response = await server.request(entry!);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
  });

  test("the public folder, and the image optimizer on it", async () => {
    expect((await server.request(at("/images/valley.jpg"))).status).toBe(200);
    const image = await server.request(at("/_image?src=/images/valley.jpg&w=640&q=75"), {
      headers: { Accept: "image/webp" },
    });
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
  });

  test("the home page hydrates with React's development build and warns of nothing; its photo keeps the file the page brought", async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const page = await browser.newPage({
        viewport: { width: 375, height: 800 },
        deviceScaleFactor: 2,
      });
      const said: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") said.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (error) => said.push(`pageerror: ${error.message}`));
      await page.goto(server.origin + canonical("/"));
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      await page.waitForFunction(
        () => document.documentElement.style.getPropertyValue("--vh") !== "",
      );
      const photo = page.locator("img.photo");
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : "")))
        .toMatch(/^data:image\/avif;base64,/);
      expect(said).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('the build is "development", as under next dev: a page\'s data URL answers, and a click is no document load', async () => {
    const page = await server.request(canonical("/"));
    expect(page.headers["x-build-id"]).toBe("development");
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const tab = await browser.newPage();
      const failed: string[] = [];
      tab.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await tab.goto(server.origin + canonical("/"));
      await tab.waitForFunction(() => "__reactRouterDataRouter" in window);
      await tab.evaluate(() => Object.assign(window, { sameDocument: true }));
      // The blog post: getServerSideProps, its props from its data URL.
      await tab.locator('nav[aria-label="Shell"] a[href*="/blog/hello"]').click();
      await tab.waitForURL(/\/blog\//);
      await expect.poll(() => tab.locator("main h1").textContent()).toMatch(/hello world/);
      expect(await tab.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(failed).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test("an edited route is served at the next request, without a restart", async () => {
    const file = join(server.appDir, "site", "pages", "about.tsx");
    const before = await server.request(canonical("/about"));
    const source = await readFile(file, "utf8");
    const marker = "Edited while the dev server runs";
    // /about is rendered once and kept: the new build must come with a new cache too.
    const edited = source.replace("<p>{m.body}</p>", `<p>{m.body}</p><p>${marker}</p>`);
    expect(edited).not.toBe(source);
    await writeFile(file, edited);
    await expect
      .poll(async () => (await server.request(canonical("/about"))).body, { timeout: 15_000 })
      .toContain(marker);
    expect(before.body).not.toContain(marker);
    expect(server.process.exitCode).toBeNull();
  });

  test("a page file added while it runs answers at once, unprefixed and in every locale", async () => {
    expect((await server.request(canonical("/pricing/pro"))).status).toBe(404);
    await mkdir(join(server.appDir, "site", "pages", "pricing"));
    await writeFile(join(server.appDir, "site", "pages", "pricing", "[plan].tsx"), PRICING_PAGE);
    await expect
      .poll(async () => (await server.request(canonical("/pricing/pro"))).status, {
        timeout: 15_000,
      })
      .toBe(200);
    await expectRoute(server, canonical("/pricing/pro"), "/pricing/[plan]", { plan: "pro" });
    await expectRoute(server, pathIn(L1, "/pricing/pro%20plus"), "/pricing/[plan]", {
      plan: "pro plus",
    });
    const other =
      canonical("/pricing/pro") === at("/pricing/pro") ? at("/pricing/pro/") : at("/pricing/pro");
    await expectSlash(server, `${other}?x=1`, canonical("/pricing/pro?x=1"));
    expect(server.process.exitCode).toBeNull();
  });
});

describe("shutdown", () => {
  test("SIGTERM drains and exits 0, Vite's watcher and sockets closed with it", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.logs.some((line) => line.msg === "shut down cleanly")).toBe(true);
  });
});
