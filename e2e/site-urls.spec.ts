/**
 * The contract on the site's own pages, one test per URL of its sitemap (or of
 * `smoke --urls FILE`): no example path of ours. Over HTTP, redirects not
 * followed, as a crawler or a CDN meets them: the page and its links, its slash
 * variants, and its route data asked for by a tab of another build.
 */
import type { APIResponse, Page } from "@playwright/test";
import { expect, isSameDocument, markDocument, test } from "./fixtures.ts";
import { msUntilDocumentLoad, navigate, ROUTE_LOAD_TIMEOUT_MS } from "./client-navigation.ts";
import {
  belowBase,
  doubledSlash,
  missingSibling,
  savedSiteBase,
  savedSiteUrls,
  usesTrailingSlash,
} from "./site-urls.ts";

/** Where a redirect points, as a path and query. */
function target(response: APIResponse, base: string): string {
  const location = new URL(response.headers().location ?? "", base);
  return location.pathname + location.search;
}

/** The URL React Router asks for a page's data: `/about.data`, `/about/_.data`, `/_.data`. */
function dataPath(path: string): string {
  return path.endsWith("/") ? `${path}_.data` : `${path}.data`;
}

/** The same path in the slash style the site does not use; null for `/`. */
function otherSlashStyle(path: string): string | null {
  if (path === "/") return null;
  return path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
}

const links = (html: string, rel: string) =>
  [...html.matchAll(/<link\s[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`rel="${rel}"`));
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

const htmlLang = (html: string) => /<html\s[^>]*\blang="([^"]*)"/i.exec(html)?.[1];

// A query with what proxies like to rewrite: a repeated key, an encoded space, an empty value.
const QUERY = "?smoke=1&b=%20x&b=y&empty=";

test.describe("the site's own URLs keep the contract @core @site", () => {
  const urls = savedSiteUrls();
  const trailingSlash = usesTrailingSlash(urls);
  // The site's base path (`/shop`), from the URL the list was read at; "" for none.
  const sitePath = savedSiteBase();
  for (const { path, alternates } of urls) {
    test(`${path}`, async ({ request, baseURL }) => {
      const base = baseURL!;
      // Absolute: a path starting `//` is not a host.
      const get = (url: string) => request.get(base + url, { maxRedirects: 0 });

      const page = await get(path);
      expect(page.status(), `${path}: the page`).toBe(200);
      const html = await page.text();
      const canonical = attribute(links(html, "canonical")[0] ?? "", "href");
      expect(canonical && new URL(canonical, base).pathname, `${path}: its canonical link`).toBe(
        path,
      );
      if (Object.keys(alternates).length > 0) {
        const shown = Object.fromEntries(
          links(html, "alternate").map((tag) => [
            attribute(tag, "hreflang"),
            new URL(attribute(tag, "href") ?? "", base).pathname,
          ]),
        );
        expect(shown, `${path}: its hreflang links, as the sitemap gives them`).toEqual(alternates);
      }

      const other = otherSlashStyle(path);
      if (other !== null) {
        const slash = await get(other + QUERY);
        expect(slash.status(), `${other}: one 308`).toBe(308);
        expect(target(slash, base)).toBe(path + QUERY);
      }
      // A slash doubled before the last segment (`/blog//hello`, `//about`).
      const doubled = doubledSlash(path, sitePath);
      const repeated = await get(doubled + QUERY);
      expect(repeated.status(), `${doubled}: one 308`).toBe(308);
      expect(target(repeated, base)).toBe(path + QUERY);

      // A path beside it that does not exist: the site's not-found page, status
      // 404, in the page's language. A dynamic route may take any name: then the
      // answer is a page of its own (its canonical link names it), said so in the report.
      const lang = htmlLang(html);
      const missing = missingSibling(path, lang, trailingSlash, sitePath);
      const absent = await get(missing);
      if (absent.status() === 200) {
        const own = attribute(links(await absent.text(), "canonical")[0] ?? "", "href");
        expect(own && new URL(own, base).pathname, `${missing}: 200, so a page of its own`).toBe(
          missing,
        );
        test.info().annotations.push({
          type: "no-sibling-404",
          description: `${missing} answers 200 as its own page: its route takes any name`,
        });
      } else {
        expect(absent.status(), `${missing}: the not-found page`).toBe(404);
        expect(absent.headers()["content-type"], `${missing}: an HTML page`).toMatch(/^text\/html/);
        expect(htmlLang(await absent.text()), `${missing}: in the page's language`).toBe(lang);
      }

      // Its route data asked for by a tab of another build: load the document instead.
      const data = await request.get(base + dataPath(path) + "?smoke=1", {
        maxRedirects: 0,
        headers: { "X-Build-Id": "smoke-another-build" },
      });
      expect(data.status(), `${dataPath(path)} from another build`).toBe(204);
      expect(data.headers()["x-remix-reload-document"]).toBe("true");
      // React Router names the page below its basename (its client puts it back).
      expect(data.headers()["x-remix-redirect"]).toBe(`${belowBase(path, sitePath)}?smoke=1`);
    });
  }
});

/** Opens `path` and waits until React Router has hydrated it. */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await markDocument(page);
}

test.describe("the site's own URLs in the browser @core @site", () => {
  const [start, ...others] = savedSiteUrls().map((url) => url.path);
  for (const path of others) {
    test(`a client navigation from ${start} paints ${path}`, async ({ page, baseURL }) => {
      await openHydrated(page, start!);
      await navigate(page, path);
      await expect(page).toHaveURL(baseURL + path);
      // The page shown names itself: its canonical link is its own path.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
            return link && new URL(link.href).pathname;
          }),
        )
        .toBe(path);
      expect(await isSameDocument(page)).toBe(true);
    });
  }

  if (others.length > 0) {
    test("a navigation to a page whose code or data never comes loads it as a document at the timeout", async ({
      page,
      baseURL,
    }) => {
      // Nothing of the network comes after the first page's own: its pages' data, as React
      // Router asks for it or as a Next.js page's client does, the scripts the site fetches
      // ahead (a page with no data of its own needs only its code), and, once the first
      // page has hydrated, every script.
      const data = new Set(others.map(dataPath));
      let hydrated = false;
      await page.route(
        () => true,
        (route, request) => {
          const { pathname } = new URL(request.url());
          const isData = data.has(pathname) || pathname.includes("/_next/data/");
          const isCode = /\/assets\/.+\.js$/.test(pathname);
          if (isData || (isCode && (hydrated || request.resourceType() === "fetch"))) return;
          return route.continue();
        },
      );
      await openHydrated(page, start!);
      hydrated = true;
      // A page whose route module the first page has not loaded: the same page in another
      // locale (one module) would show at once, with nothing to wait for.
      const held = await page.evaluate((paths) => {
        const loaded = new Set(
          Object.keys(window.__reactRouterRouteModules).map(
            (id) => window.__reactRouterManifest.routes[id]?.module,
          ),
        );
        return paths.find((path) => {
          const leaf = window.__reactRouterDataRouter?.match(path)?.at(-1);
          const module = leaf && window.__reactRouterManifest.routes[leaf.route.id]?.module;
          return module !== undefined && !loaded.has(module);
        });
      }, others);
      test.skip(held === undefined, "every page of the site shows with the first page's code");
      test.info().annotations.push({ type: "held", description: held! });
      const delay = await msUntilDocumentLoad(page, held!, baseURL + held!);
      test.info().annotations.push({ type: "fallback-delay-ms", description: String(delay) });
      expect(delay).toBeGreaterThanOrEqual(ROUTE_LOAD_TIMEOUT_MS - 100);
      await expect(page).toHaveURL(baseURL + held!);
    });
  }
});
