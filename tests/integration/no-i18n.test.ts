/**
 * A site without `i18n`, as Next.js serves one: no path segment is a locale
 * prefix (a page under `en/` is a page), pages are told of no locale, page data
 * has no locale in its URL, and nothing names a language the site does not
 * have: no hreflang, no `lang` the site did not write, no detection.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  PRICING_PAGE,
  routeMarker,
  siteConfigSource,
  startAppCopy,
  type RunningServer,
} from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startAppCopy({
    "site.config.ts": siteConfigSource({ i18n: undefined, basePath: undefined }),
    // A docs site that keeps its English pages under en/, with no i18n.
    "site/pages/en/guide.tsx": PRICING_PAGE,
  });
}, 180_000);
afterAll(() => server?.stop());

test("a page under en/ is a page, at its path", async () => {
  const response = await server.request("/en/guide");
  expect(response.status).toBe(200);
  expect(routeMarker(response.body)?.route).toBe("/en/guide");
});

test("no segment is a locale prefix, in any case", async () => {
  for (const path of ["/en/about", "/fr/about", "/EN/guide", "/en"]) {
    expect([path, (await server.request(path)).status]).toEqual([path, 404]);
  }
});

test("a page names no language the site did not write", async () => {
  const { status, body } = await server.request("/blog/hello");
  expect(status).toBe(200);
  expect(body).not.toMatch(/hreflang=/i);
  expect(body).toMatch(/<html(?![^>]*\slang=)[^>]*>/);
});

test("page data has no locale in its URL", async () => {
  const page = await server.request("/blog/hello");
  const buildId = page.headers["x-build-id"];
  const data = await server.request(`/_next/data/${buildId}/blog/hello.json`);
  expect(data.status).toBe(200);
  expect(JSON.parse(data.body)).toMatchObject({ pageProps: { slug: "hello" }, __N_SSP: true });
  expect((await server.request(`/_next/data/${buildId}/en/blog/hello.json`)).status).toBe(404);
});

test("/ is never redirected to a language, and no locale cookie is set", async () => {
  const response = await server.request("/", { headers: { "accept-language": "fr" } });
  expect(response.status).toBe(200);
  expect(response.headers["set-cookie"]).toBeUndefined();
});

test("the sitemap lists each page once, with no alternates", async () => {
  const { status, body } = await server.request("/sitemap.xml");
  expect(status).toBe(200);
  expect(body).toContain("/en/guide</loc>");
  expect(body).not.toContain("hreflang");
});
