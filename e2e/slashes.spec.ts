import { expect, isSameDocument, linksTo, marker, test } from "./fixtures.ts";

test.describe("contract §2: slashes by document load @core", () => {
  for (const [from, to] of [
    ["/about/", "/about"],
    ["/blog//hello?x=1", "/blog/hello?x=1"],
    ["/FR//about/", "/fr/about"],
  ] as const) {
    test(`${from} lands on ${to} through one 308`, async ({ page, baseURL }) => {
      const response = await page.goto(from);
      expect(page.url()).toBe(`${baseURL}${to}`);
      const redirect = response!.request().redirectedFrom();
      expect((await redirect!.response())!.status()).toBe(308);
      expect(redirect!.redirectedFrom()).toBeNull();
    });
  }
});

test.describe("contract §2: slashes by client navigation @fixtures", () => {
  test("a link to /about/ lands on /about without a page load", async ({ page, baseURL }) => {
    await linksTo(page, ["/about/"]);
    await page.locator('a[data-to="/about/"]').click();
    await expect(page).toHaveURL(`${baseURL}/about`);
    expect((await marker(page)).route).toBe("/about");
    expect(await isSameDocument(page)).toBe(true);
  });

  test("a link to /FR/blog/new/?q=1 lands on /fr/blog/new?q=1", async ({ page, baseURL }) => {
    await linksTo(page, ["/FR/blog/new/?q=1"]);
    await page.locator('a[data-to="/FR/blog/new/?q=1"]').click();
    await expect(page).toHaveURL(`${baseURL}/fr/blog/new?q=1`);
    expect(await marker(page)).toMatchObject({ route: "/blog/new", locale: "fr" });
  });
});
