import {
  expect,
  isSameDocument,
  markDocument,
  marker,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { site, text } from "./site.ts";

const { L0, L1, L2, UNSERVED, at, base, canonical, pathIn } = site;

test.describe("contract §3: locale prefixes @core", () => {
  test(`${pathIn(L1, "/about")} is in ${L1}, with lang, canonical and hreflang links`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(pathIn(L1, "/about"));
    await expect(page.locator("html")).toHaveAttribute("lang", L1);
    expect(await marker(page)).toMatchObject({ route: "/about", locale: L1 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(L1).about.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}${pathIn(L1, "/about")}`,
    );
    await expect(page.locator(`link[rel="alternate"][hreflang="${L2}"]`)).toHaveAttribute(
      "href",
      `${baseURL}${pathIn(L2, "/about")}`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${baseURL}${pathIn(L0, "/about")}`,
    );
  });

  test(`/${L0}/about is in ${L0} with its canonical on the unprefixed URL`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(canonical(`/${L0}/about`));
    await expect(page.locator("html")).toHaveAttribute("lang", L0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}${pathIn(L0, "/about")}`,
    );
  });

  test(`/${L1.toUpperCase()}/about is redirected to ${pathIn(L1, "/about")}`, async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(canonical(`/${L1.toUpperCase()}/about`));
    expect(page.url()).toBe(`${baseURL}${pathIn(L1, "/about")}`);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(308);
  });

  test("an unknown prefix is a 404", async ({ page }) => {
    for (const prefix of ["xx", UNSERVED]) {
      const response = await page.goto(canonical(`/${prefix}/about`));
      expect(response?.status()).toBe(404);
    }
  });

  test("the language switcher moves to the same page in another locale and remembers it", async ({
    page,
    context,
  }) => {
    await page.goto(`${pathIn(L0, "/shop/red")}?sort=price`);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole("link", { name: text(L2).languageName }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(L2, "/shop/red")}\\?sort=price$`));
    await expect(page.locator("html")).toHaveAttribute("lang", L2);
    expect((await marker(page)).params).toEqual({ filters: ["red"] });
    expect(await isSameDocument(page)).toBe(true);
    const cookies = await context.cookies();
    // Remembered for this site's pages: its base path, or the whole origin.
    expect(cookies.find((c) => c.name === "locale")).toMatchObject({
      value: L2,
      path: base || "/",
    });

    // The remembered choice decides where / goes.
    await page.goto(at("/"));
    await expect(page).toHaveURL(new RegExp(`${pathIn(L2, "/")}$`));
  });
});

/**
 * A browser's locale: `locale`'s language as spoken in `region` (`fr` -> `fr-CA`),
 * or the locale itself when it names its region already (`pt-BR`): Chromium
 * takes only locales ICU knows.
 */
const inRegion = (locale: string, region: string) =>
  locale.includes("-") ? locale : `${locale}-${region}`;

test.describe("contract §3: detection on / @core", () => {
  for (const [languages, path] of [
    [inRegion(L1, "CA"), pathIn(L1, "/")],
    [inRegion(L2, "DE"), pathIn(L2, "/")],
    [inRegion(L0, "US"), at("/")],
  ] as const) {
    test(`a browser in ${languages} lands on ${path}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, locale: languages });
      const page = await context.newPage();
      await page.goto(at("/"));
      expect(new URL(page.url()).pathname).toBe(path);
      await context.close();
    });
  }

  test("a cookie wins over the browser's languages", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: inRegion(L1, "FR") });
    await context.addCookies([{ name: "locale", value: L0, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(at("/"));
    expect(new URL(page.url()).pathname).toBe(at("/"));
    await expect(page.locator("html")).toHaveAttribute("lang", L0);
    await context.close();
  });
});
