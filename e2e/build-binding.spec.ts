import { expect, isSameDocument, linksTo, marker, test } from "./fixtures.ts";

test.describe("contract §5: page data bound to the build @fixtures", () => {
  test("the page's data requests carry the build id the server reports", async ({
    page,
    request,
  }) => {
    const health = await (await request.get("/healthz")).json();
    // The first data request for /about: a prefetch, or the click's.
    const data = page.waitForRequest(/\/about\.data/);
    await linksTo(page, ["/about"]);
    await page.locator('a[data-to="/about"]').click();
    expect((await data).headers()["x-build-id"]).toBe(health.buildId);
    expect(await isSameDocument(page)).toBe(true);
  });

  test("a page of an older build that navigates gets a full page load of the target", async ({
    page,
    baseURL,
  }) => {
    // This tab behaves as one opened before a deploy: its data requests, prefetches
    // included, name an older build, and the answers come from a newer one.
    await page.route(/\.data/, async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), "x-build-id": "build-before-the-deploy" },
      });
      await route.fulfill({
        response,
        headers: { ...response.headers(), "x-build-id": "build-after-the-deploy" },
      });
    });
    const target = "/about?tab=2&q=a%20b#team";
    await linksTo(page, [target]);
    const document = page.waitForRequest(
      (r) => r.isNavigationRequest() && /\/about\?tab=2&q=a%20b$/.test(r.url()),
    );
    await page.locator(`a[data-to="${target}"]`).click();
    await document;
    expect((await marker(page)).route).toBe("/about");
    expect(await isSameDocument(page)).toBe(false);
    // The URL the visitor asked for, hash and query as written.
    await expect(page).toHaveURL(`${baseURL}${target}`);
  });
});
