import { DEVICE_SIZES, IMAGE_ENDPOINT, IMAGE_SIZES } from "../app/images.ts";
import { expect, expectScriptsUnderPolicy, test } from "./fixtures.ts";
import { savedSiteBase, savedSiteUrls } from "./site-urls.ts";

// What a deployment must do beside each URL's contract (site-urls.spec.ts), with
// no fixture and no example path: checked on the site's own URLs (its sitemap,
// or smoke --urls), so the smoke run holds for any site on the shell.
const urls = savedSiteUrls().map((url) => url.path);
const CONTRACT_WIDTHS = new Set<number>([...DEVICE_SIZES, ...IMAGE_SIZES]);
// The site's base path ("" for none): its files and endpoints are below it.
const sitePath = savedSiteBase();

test.describe("smoke: a deployment @core @site", () => {
  test("health: /healthz and /readyz answer 200 with the build id every page carries", async ({
    request,
  }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    const { buildId } = (await health.json()) as { buildId: string };
    for (const path of urls.slice(0, 3)) {
      expect((await request.get(path)).headers()["x-build-id"], path).toBe(buildId);
    }
    expect((await request.get("/readyz")).status()).toBe(200);
  });

  test("the page's scripts are immutable, hashed assets", async ({ page, request }) => {
    await page.goto(urls[0]!);
    const assets = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets
      .filter((href) => href.startsWith(`${sitePath}/assets/`))
      .slice(0, 3)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe(
        "public, max-age=31536000, immutable",
      );
    }
  });

  test("its optimized images offer the default size sets, and the optimizer answers them", async ({
    request,
  }) => {
    // The first page of the site with an image from the optimizer, if any has one.
    let srcset: string | undefined;
    for (const path of urls) {
      const html = await (await request.get(path)).text();
      srcset = /<img\s[^>]*srcset="([^"]*\/_image\?[^"]*)"/i.exec(html)?.[1];
      if (srcset) break;
    }
    test.skip(srcset === undefined, "no page of the site has an optimized image");
    const candidates = srcset!.replace(/&amp;/g, "&").split(", ");
    for (const candidate of candidates) {
      const width = Number(/ (\d+)w$/.exec(candidate)?.[1]);
      expect(CONTRACT_WIDTHS.has(width), candidate).toBe(true);
    }
    const url = candidates[0]!.split(" ")[0]!;
    expect(url.startsWith(`${sitePath}${IMAGE_ENDPOINT}?`)).toBe(true);
    const image = await request.get(url, { headers: { Accept: "image/webp,*/*" } });
    expect(image.status(), url).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
  });

  for (const path of urls) {
    test(`${path} runs its scripts under the enforced policy, and only those`, ({ page }) =>
      expectScriptsUnderPolicy(page, path));
  }
});
