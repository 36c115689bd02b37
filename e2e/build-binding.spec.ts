import { expect, isSameDocument, linksTo, marker, test } from "./fixtures.ts";

/**
 * Page data is bound to the build that rendered the page: React Router's route
 * data by the build id each request carries (a header), a Next.js page's data
 * by the build id in its data URL (`/_next/data/<buildId>/...`).
 */
test.describe("contract §5: page data bound to the build @fixtures", () => {
  test("a React Router page's data requests carry the build id the server reports", async ({
    page,
    request,
  }) => {
    const health = await (await request.get("/healthz")).json();
    // The click's (a page rendered per request is not prefetched).
    const data = page.waitForRequest(/\/lab\/slow\.data/);
    await linksTo(page, ["/lab/slow?ms=0"]);
    await page.locator('a[data-to="/lab/slow?ms=0"]').click();
    expect((await data).headers()["x-build-id"]).toBe(health.buildId);
    expect(await isSameDocument(page)).toBe(true);
  });

  test("a Next.js page's data URL names the build the server reports", async ({
    page,
    request,
  }) => {
    const health = await (await request.get("/healthz")).json();
    // The first request for its data: a prefetch, or the click's.
    const data = page.waitForRequest(/\/_next\/data\/.*\/docs\/a\/b\.json/);
    await linksTo(page, ["/docs/a/b"]);
    await page.locator('a[data-to="/docs/a/b"]').click();
    expect(new URL((await data).url()).pathname).toBe(
      `/_next/data/${health.buildId}/en/docs/a/b.json`,
    );
    await expect(page.locator('main[data-route="/docs/[...path]"]')).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });

  test("a page of an older build that navigates to a React Router page gets a full page load of the target", async ({
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
    const target = "/lab/slow?ms=0&q=a%20b#team";
    await linksTo(page, [target]);
    const document = page.waitForRequest(
      (r) => r.isNavigationRequest() && /\/lab\/slow\?ms=0&q=a%20b$/.test(r.url()),
    );
    await page.locator(`a[data-to="${target}"]`).click();
    await document;
    expect((await marker(page)).route).toBe("/lab/slow");
    expect(await isSameDocument(page)).toBe(false);
    // The URL the visitor asked for, hash and query as written.
    await expect(page).toHaveURL(`${baseURL}${target}`);
  });

  test("a page of an older build that navigates to a Next.js page gets a full page load of the target", async ({
    page,
    baseURL,
  }) => {
    // This tab's data URLs name the build it was rendered by, which the server no longer is.
    await page.route(/\/_next\/data\//, (route) =>
      route.continue({
        url: route
          .request()
          .url()
          .replace(/\/_next\/data\/[^/]+\//, "/_next/data/build-before-the-deploy/"),
      }),
    );
    const target = "/docs/a/b?tab=2&q=a%20b#team";
    await linksTo(page, [target]);
    const document = page.waitForRequest(
      (r) => r.isNavigationRequest() && /\/docs\/a\/b\?tab=2&q=a%20b$/.test(r.url()),
    );
    await page.locator(`a[data-to="${target}"]`).click();
    await document;
    expect((await marker(page)).route).toBe("/docs/[...path]");
    expect(await isSameDocument(page)).toBe(false);
    await expect(page).toHaveURL(`${baseURL}${target}`);
  });
});
