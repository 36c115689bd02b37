import type { Browser, Page } from "@playwright/test";
import { DEVICE_SIZES, IMAGE_SIZES } from "../app/images.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const CONTRACT_WIDTHS = new Set<number>([...DEVICE_SIZES, ...IMAGE_SIZES]);

/** A page in a browser context of its own, with that screen, closed after `use`. */
async function onScreen(
  browser: Browser,
  baseURL: string | undefined,
  [width, deviceScaleFactor]: readonly [number, number],
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    deviceScaleFactor,
  });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

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
  // width of the sets above 750, so "the smallest width at least as large" is also
  // what Chromium picks (it rounds down between two close candidates). Up to 750,
  // the home page's photo came with the page: the next test.
  for (const [viewport, deviceScaleFactor] of [
    [414, 2],
    [1080, 2],
    [1920, 1],
  ] as const) {
    test(`viewport ${viewport} px at ${deviceScaleFactor}x: the browser asks for the width the sets imply, and gets far fewer bytes`, async ({
      browser,
      baseURL,
    }) => {
      await onScreen(browser, baseURL, [viewport, deviceScaleFactor], async (page) => {
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

        const original = await page.request.head("/images/valley.jpg");
        const originalBytes = Number(original.headers()["content-length"]);
        const received = (await response.body()).length;
        expect(received).toBeLessThan(originalBytes / 5);
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(
          response.url(),
        );
      });
    });
  }

  // 375 px at 2x and Lighthouse's phone (412 px at 1.75x) pick 750 w; 375 px at 1x
  // (384 w) and 1080 px at 1x (640 w) would pick less, and are offered nothing
  // narrower than the file at hand.
  for (const [viewport, deviceScaleFactor] of [
    [375, 2],
    [412, 1.75],
    [375, 1],
    [1080, 1],
  ] as const) {
    test(`viewport ${viewport} px at ${deviceScaleFactor}x: the photo's 750 w file came with the page, and the browser asks for no photo at all`, async ({
      browser,
      baseURL,
    }) => {
      await onScreen(browser, baseURL, [viewport, deviceScaleFactor], async (page) => {
        const imageRequests: string[] = [];
        page.on("request", (r) => {
          if (r.url().includes("/_image?")) imageRequests.push(r.url());
        });
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
        await page.goto("/");
        const photo = page.locator("img.photo");
        const shown = () =>
          photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
        await expect.poll(shown).toBe(true);
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
          /^data:image\/avif;base64,/,
        );
        // Hydrated, with no warning, the file kept.
        await waitForHydration(page);
        expect(imageRequests).toEqual([]);
        expect(errors).toEqual([]);

        // Rendered again in the browser (Back to it), it has its widths' URLs: one is fetched.
        await page.getByRole("link", { name: "About", exact: true }).click();
        await expect(page).toHaveURL(/\/about$/);
        await page.goBack();
        await expect(page.locator("h1")).toHaveText("Welcome");
        await expect.poll(shown).toBe(true);
        expect(imageRequests).toEqual([
          expect.stringContaining("/_image?src=%2Fimages%2Fvalley.jpg&w="),
        ]);
        expect(errors).toEqual([]);
      });
    });
  }
});
