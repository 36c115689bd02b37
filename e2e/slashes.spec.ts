import { expect, isSameDocument, linksTo, marker, test } from "./fixtures.ts";
import { site } from "./site.ts";

const { L1, at, canonical, pathIn, trailingSlash } = site;
/** A path in the style the site does not use: `/about/` where `/about` is canonical. */
const otherStyle = (path: string) => at(trailingSlash ? path : `${path}/`);

test.describe("contract §2: slashes by document load @core", () => {
  for (const [from, to] of [
    [otherStyle("/about"), canonical("/about")],
    [at("/blog//hello?x=1"), canonical("/blog/hello?x=1")],
    [at(`/${L1.toUpperCase()}//about/`), pathIn(L1, "/about")],
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
  const from = otherStyle("/about");
  test(`a link to ${from} lands on ${canonical("/about")} without a page load`, async ({
    page,
    baseURL,
  }) => {
    await linksTo(page, [from]);
    await page.locator(`a[data-to="${from}"]`).click();
    await expect(page).toHaveURL(`${baseURL}${canonical("/about")}`);
    expect((await marker(page)).route).toBe("/about");
    expect(await isSameDocument(page)).toBe(true);
  });

  const sloppy = at(`/${L1.toUpperCase()}/blog/new/?q=1`);
  test(`a link to ${sloppy} lands on ${pathIn(L1, "/blog/new")}?q=1`, async ({ page, baseURL }) => {
    await linksTo(page, [sloppy]);
    await page.locator(`a[data-to="${sloppy}"]`).click();
    await expect(page).toHaveURL(`${baseURL}${pathIn(L1, "/blog/new")}?q=1`);
    expect(await marker(page)).toMatchObject({ route: "/blog/new", locale: L1 });
  });
});
