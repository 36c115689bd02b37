import { expect, isSameDocument, linksTo, marker, test } from "./fixtures.ts";
import { site } from "./site.ts";

// The rule both sites' site.config.ts carry: /old-blog/:slug -> /blog/:slug, permanent.
const { L1, at, canonical, pathIn, trailingSlash } = site;
/** A path in the style the site does not use. */
const otherStyle = (path: string) => at(trailingSlash ? path : `${path}/`);

test.describe("the site's redirects by document load @core", () => {
  const from = `${otherStyle("/old-blog/hello")}?x=1`;
  test(`${from} lands on ${canonical("/blog/hello?x=1")} through one 308`, async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(from);
    expect(page.url()).toBe(`${baseURL}${canonical("/blog/hello?x=1")}`);
    const redirect = response!.request().redirectedFrom();
    expect((await redirect!.response())!.status()).toBe(308);
    expect(redirect!.redirectedFrom()).toBeNull();
    expect((await marker(page)).route).toBe("/blog/[slug]");
  });
});

test.describe("the site's redirects by client navigation @fixtures", () => {
  const from = pathIn(L1, "/old-blog/hello");
  test(`a link to ${from} lands on ${pathIn(L1, "/blog/hello")} without a page load`, async ({
    page,
    baseURL,
  }) => {
    await linksTo(page, [from]);
    await page.locator(`a[data-to="${from}"]`).click();
    await expect(page).toHaveURL(`${baseURL}${pathIn(L1, "/blog/hello")}`);
    const shown = await marker(page);
    expect(shown.route).toBe("/blog/[slug]");
    expect(shown.locale).toBe(L1);
    expect(await isSameDocument(page)).toBe(true);
  });
});
