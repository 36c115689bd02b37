import { DEVICE_SIZES, IMAGE_SIZES } from "../app/images.ts";
import { expect, test } from "./fixtures.ts";

const CONTRACT_WIDTHS = new Set<number>([...DEVICE_SIZES, ...IMAGE_SIZES]);

test.describe("contract §6: responsive images, served by the optimizer", () => {
  test("the photo's srcset offers widths of the default sets only; the SVG needs none", async ({
    page,
  }) => {
    await page.goto("/");
    const photo = page.locator("img.photo");
    const srcset = (await photo.getAttribute("srcset"))!;
    const widths = srcset.split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
    expect(widths.length).toBeGreaterThan(5);
    for (const width of widths) expect(CONTRACT_WIDTHS.has(width)).toBe(true);
    await expect(photo).toHaveAttribute("sizes", "(min-width: 800px) 50vw, 100vw");
    const logo = page.locator('img[src="/images/shell.svg"]');
    await expect(logo).toBeVisible();
    expect(await logo.getAttribute("srcset")).toBeNull();
  });

  // Viewports where the photo's slot times the pixel ratio lands on or just under a
  // width of the sets, so "the smallest width at least as large" is also what
  // Chromium picks (it rounds down between two close candidates).
  for (const [viewport, deviceScaleFactor] of [
    [375, 1],
    [375, 2],
    [1080, 1],
    [1080, 2],
  ] as const) {
    test(`viewport ${viewport} px at ${deviceScaleFactor}x: the browser asks for the width the sets imply, and gets far fewer bytes`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: viewport, height: 900 },
        deviceScaleFactor,
      });
      try {
        const page = await context.newPage();
        const imageResponse = page.waitForResponse((r) => r.url().includes("/_image?"));
        await page.goto("/");
        const response = await imageResponse;
        const photo = page.locator("img.photo");
        const srcset = (await photo.getAttribute("srcset"))!;
        const widths = srcset.split(", ").map((c) => Number(/ (\d+)w$/.exec(c)![1]));

        const slot = viewport >= 800 ? viewport / 2 : viewport; // the `sizes` attribute
        const expected = widths.find((w) => w >= slot * deviceScaleFactor);
        const requested = new URL(response.url());
        expect(requested.pathname).toBe("/_image");
        expect(requested.searchParams.get("src")).toBe("/images/valley.jpg");
        expect(Number(requested.searchParams.get("w"))).toBe(expected);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toBe("image/avif");

        const original = await context.request.head("/images/valley.jpg");
        const originalBytes = Number(original.headers()["content-length"]);
        const received = (await response.body()).length;
        expect(received).toBeLessThan(originalBytes / 5);
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(
          response.url(),
        );
      } finally {
        await context.close();
      }
    });
  }
});
