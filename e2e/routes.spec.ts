import {
  expect,
  isSameDocument,
  linksTo,
  markDocument,
  marker,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { site, text } from "./site.ts";

const { L0, at, canonical } = site;

const INVENTORY: [string, string, Record<string, unknown>][] = (
  [
    ["/", "/", {}],
    ["/about", "/about", {}],
    ["/blog/new", "/blog/new", {}],
    ["/blog/hello%20world", "/blog/[slug]", { slug: "hello world" }],
    ["/docs/a/b/c", "/docs/[...path]", { path: ["a", "b", "c"] }],
    ["/shop", "/shop/[[...filters]]", {}],
    ["/shop/red/xl", "/shop/[[...filters]]", { filters: ["red", "xl"] }],
  ] as [string, string, Record<string, unknown>][]
).map(([path, route, params]) => [canonical(path), route, params]);

test.describe("contract §1: routes by document load @core", () => {
  for (const [url, route, params] of INVENTORY) {
    test(`${url} renders ${route}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(await marker(page)).toEqual({ route, locale: L0, params });
    });
  }

  test("/docs without a segment is a 404", async ({ page }) => {
    const response = await page.goto(canonical("/docs"));
    expect(response?.status()).toBe(404);
    await expect(page.locator('main[data-page="not-found"]')).toBeVisible();
  });
});

test.describe("contract §1: routes by client navigation @core", () => {
  test("the header's links navigate without a page load, with the right route and params", async ({
    page,
  }) => {
    await page.goto(at("/"));
    await waitForHydration(page);
    await markDocument(page);
    const { nav: names, siteName } = text(L0);
    const nav = page.getByRole("navigation", { name: siteName });
    await expect(nav.locator('a[aria-current="page"]')).toHaveText(names.home);
    for (const [name, route, params] of [
      [names.about, "/about", {}],
      [names.newPost, "/blog/new", {}],
      [names.blog, "/blog/[slug]", { slug: "hello world" }],
      [names.docs, "/docs/[...path]", { path: ["getting-started", "install"] }],
      [names.shop, "/shop/[[...filters]]", {}],
      [names.home, "/", {}],
    ] as const) {
      const link = nav.getByRole("link", { name, exact: true });
      await link.click();
      await expect(page.locator("main[data-route]")).toHaveAttribute("data-route", route);
      expect((await marker(page)).params).toEqual(params);
      // The link to the page shown, and only it, is marked as the current page.
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
    }
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe("contract §1: every route by client navigation @fixtures", () => {
  test("each inventory URL, clicked, renders its route without a page load", async ({ page }) => {
    await linksTo(
      page,
      INVENTORY.map(([url]) => url),
    );
    for (const [url, route, params] of INVENTORY) {
      await page.goto(`${canonical("/lab/links")}?to=${encodeURIComponent(url)}`);
      await waitForHydration(page);
      await markDocument(page);
      await page.locator(`a[data-to="${url}"]`).click();
      await expect(page.locator("main[data-route]")).toHaveAttribute("data-route", route);
      expect(await marker(page)).toEqual({ route, locale: L0, params });
      expect(await isSameDocument(page)).toBe(true);
    }
  });
});
