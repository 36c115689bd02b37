import type { Page, Request } from "@playwright/test";
import { expect, marker, markDocument, test, waitForHydration } from "./fixtures.ts";

// What a deployment must do that the other @core specs do not already cover,
// with no fixture: health, immutable assets, and the route-load fallback on a
// data request held by the browser itself (Playwright interception).
const ROUTE_LOAD_TIMEOUT_MS = 3800;

function documentLoad(page: Page, pattern: RegExp): Promise<Request> {
  return page.waitForRequest(
    (r) => r.isNavigationRequest() && r.resourceType() === "document" && pattern.test(r.url()),
    { timeout: 15_000 },
  );
}

test.describe("smoke: a deployment @core", () => {
  test("health: /healthz and /readyz answer 200 with the build id every page carries", async ({
    page,
    request,
  }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    const { buildId } = (await health.json()) as { buildId: string };
    const response = await page.goto("/about");
    expect(response?.headers()["x-build-id"]).toBe(buildId);
    expect((await request.get("/readyz")).status()).toBe(200);
  });

  test("the page's scripts are immutable, hashed assets", async ({ page, request }) => {
    await page.goto("/");
    const assets = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.filter((href) => href.startsWith("/assets/")).slice(0, 3)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe(
        "public, max-age=31536000, immutable",
      );
    }
  });

  test("a navigation whose data is held becomes a full page load at the route-load timeout", async ({
    page,
  }) => {
    await page.route(/\/about\.data/, () => {
      // Never answered: the network hangs.
    });
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
    const load = documentLoad(page, /\/about$/);
    const clickedAt = Date.now();
    await page.locator('header a[href="/about"]').click();
    await load;
    const delay = Date.now() - clickedAt;
    expect(delay).toBeGreaterThanOrEqual(ROUTE_LOAD_TIMEOUT_MS - 100);
    // Timed in the test process, through HTTPS and nginx on a shared host: seen 1.6 s
    // late there. A timeout twice as long (7600 ms), or none, still fails.
    expect(delay).toBeLessThan(ROUTE_LOAD_TIMEOUT_MS + 3000);
    expect((await marker(page)).route).toBe("/about");
  });
});
