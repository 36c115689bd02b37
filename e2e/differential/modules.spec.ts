/**
 * The next/* modules a page uses, as the browser sees their work: next/head's
 * elements in the document's head, next/image's images, next/dynamic's
 * browser-only part, next/script's scripts, and the site's _document.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { answerOf, expectSame, openPage, RUNTIMES, type Runtime } from "./observe.ts";

async function eachRuntime<T>(
  browser: Browser,
  observe: (page: Page, runtime: Runtime) => Promise<T>,
): Promise<Record<Runtime, T>> {
  const seen = {} as Record<Runtime, T>;
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime);
    seen[runtime] = await observe(page, runtime);
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  return seen;
}

const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    description: [...document.querySelectorAll('meta[name="description"]')].map((m) =>
      m.getAttribute("content"),
    ),
    ogTitles: [...document.querySelectorAll('meta[property="og:title"]')].map((m) =>
      m.getAttribute("content"),
    ),
    viewport: [...document.querySelectorAll('meta[name="viewport"]')].map((m) =>
      m.getAttribute("content"),
    ),
    fromDocument:
      document.querySelector('meta[name="fixture-document"]')?.getAttribute("content") ?? null,
  }));

test("next/head: the last title and keyed meta win, others stay; a navigation changes them", async ({
  browser,
}) => {
  const seen = await eachRuntime(browser, async (page) => {
    await page.goto("/head");
    await page.waitForLoadState("networkidle");
    const onHead = await headOf(page);
    await page.click('nav a[href="/about"]');
    await page.waitForURL("**/about");
    await expect(page.locator("h1")).toHaveText("About");
    return { onHead, onAbout: await headOf(page) };
  });
  expectSame("next/head", seen.next, seen.shell);
});

test("the site's _document: lang, its own head element, body class, markup after Main", async ({
  browser,
}) => {
  const seen = await eachRuntime(browser, async (page) => {
    await page.goto("/fr/about");
    await page.waitForLoadState("networkidle");
    return page.evaluate(() => ({
      lang: document.documentElement.lang,
      bodyClass: document.body.className,
      after: document.querySelector("#after-main")?.textContent ?? null,
      nextRoot: document.querySelector("#__next") !== null,
      meta:
        document.querySelector('meta[name="fixture-document"]')?.getAttribute("content") ?? null,
    }));
  });
  expectSame("_document", seen.next, seen.shell);
});

test("next/image: a fixed-size image with 1x and 2x candidates, eager with priority, lazy otherwise, loaded", async ({
  browser,
}) => {
  const seen = await eachRuntime(browser, async (page) => {
    await page.goto("/image");
    await page.waitForLoadState("networkidle");
    await page.locator("#lazy").scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(() => (document.querySelector("#lazy") as HTMLImageElement).complete),
      )
      .toBe(true);
    return page.evaluate(() =>
      ["#photo", "#lazy"].map((selector) => {
        const img = document.querySelector(selector) as HTMLImageElement;
        return {
          alt: img.alt,
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          // The optimizers' URLs differ (/_next/image, /_image); the candidates do not.
          descriptors: (img.getAttribute("srcset") ?? "").split(", ").map((c) => c.split(" ")[1]),
          loaded: img.complete && img.naturalWidth > 0,
        };
      }),
    );
  });
  expectSame("next/image", seen.next, seen.shell);
});

test("next/dynamic with ssr: false: its loading in the server's HTML, the part itself in the browser", async ({
  browser,
}) => {
  const seen = await eachRuntime(browser, async (page, runtime) => {
    const html = (await answerOf(runtime, "/dynamic")).body;
    await page.goto("/dynamic");
    await expect(page.locator("#browser-only")).toBeVisible();
    return {
      loadingInHtml: html.includes('id="loading"'),
      partInHtml: html.includes('id="browser-only"'),
      shown: await page.locator("#browser-only").textContent(),
    };
  });
  expectSame("next/dynamic", seen.next, seen.shell);
});

test("next/script: inline and external scripts run once, onReady fires, and again not after a navigation back", async ({
  browser,
}) => {
  const seen = await eachRuntime(browser, async (page) => {
    await page.goto("/script");
    await expect(page.locator("#script-ready")).toHaveText("ready");
    const ran = () =>
      page.evaluate(() => {
        const w = window as unknown as Record<string, number | undefined>;
        return { inline: w.__inlineScriptRan ?? 0, external: w.__externalScriptRan ?? 0 };
      });
    const first = await ran();
    // The scripts it added, marked with their strategy as Next.js marks them.
    const marked = await page.evaluate(() =>
      [...document.querySelectorAll("script[data-nscript]")]
        .map(
          (script) =>
            `${script.getAttribute("data-nscript")} ${script.id || script.getAttribute("src")}`,
        )
        .sort(),
    );
    await page.click('nav a[href="/about"]');
    await page.waitForURL("**/about");
    await page.goBack();
    await expect(page.locator("#script-ready")).toHaveText("ready");
    return { first, marked, afterBack: await ran() };
  });
  expectSame("next/script", seen.next, seen.shell);
});
