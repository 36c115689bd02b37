import {
  expect,
  isSameDocument,
  markDocument,
  marker,
  test,
  waitForHydration,
} from "./fixtures.ts";

test.describe("contract §3: locale prefixes @core", () => {
  test("/fr/about is French, with lang, canonical and hreflang links", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/fr/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await marker(page)).toMatchObject({ route: "/about", locale: "fr" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("À propos de nous");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/fr/about`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
      "href",
      `${baseURL}/de/about`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${baseURL}/about`,
    );
  });

  test("/en/about is English with its canonical on /about", async ({ page, baseURL }) => {
    await page.goto("/en/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about`);
  });

  test("/FR/about is redirected to /fr/about", async ({ page }) => {
    const response = await page.goto("/FR/about");
    expect(page.url()).toMatch(/\/fr\/about$/);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(308);
  });

  test("an unknown prefix is a 404", async ({ page }) => {
    const response = await page.goto("/xx/about");
    expect(response?.status()).toBe(404);
  });

  test("the language switcher moves to the same page in another locale and remembers it", async ({
    page,
    context,
  }) => {
    await page.goto("/shop/red?sort=price");
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/shop\/red\?sort=price$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await marker(page)).params).toEqual({ filters: ["red"] });
    expect(await isSameDocument(page)).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "locale")?.value).toBe("de");

    // The remembered choice decides where / goes.
    await page.goto("/");
    await expect(page).toHaveURL(/\/de$/);
  });
});

test.describe("contract §3: detection on / @core", () => {
  for (const [languages, path] of [
    ["fr-CA", "/fr"],
    ["de-DE", "/de"],
    ["en-US", "/"],
  ] as const) {
    test(`a browser in ${languages} lands on ${path}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, locale: languages });
      const page = await context.newPage();
      await page.goto("/");
      expect(new URL(page.url()).pathname).toBe(path);
      await context.close();
    });
  }

  test("a cookie wins over the browser's languages", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "fr-FR" });
    await context.addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
