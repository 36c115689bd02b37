import { expect, test, waitForHydration } from "./fixtures.ts";
import { savedSiteUrls } from "./site-urls.ts";

test.describe("contract §6: viewport height on mobile @mobile @site", () => {
  test("--vh follows the real inner height, and the page fills it", async ({ page }) => {
    // The site's first URL (its sitemap's, or smoke --urls').
    await page.goto(savedSiteUrls()[0]?.path ?? "/");
    await waitForHydration(page);
    const read = () =>
      page.evaluate(() => ({
        vh: document.documentElement.style.getPropertyValue("--vh"),
        inner: window.innerHeight,
        body: document.body.getBoundingClientRect().height,
      }));
    const before = await read();
    expect(before.vh).toBe(`${before.inner / 100}px`);
    expect(before.body).toBeGreaterThanOrEqual(before.inner - 1);

    // The toolbar collapses: the inner height grows, and --vh follows.
    await page.setViewportSize({ width: 412, height: 700 });
    await expect.poll(async () => (await read()).vh).toBe("7px");
  });
});
