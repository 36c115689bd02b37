/**
 * basePath: the site built to live under `/shop` of a larger domain, as a
 * proxy sends it `/shop/*`. Every URL the site answers, links to or redirects
 * to is below it; the contract holds there; outside it only the health probes
 * answer, and everything else gets the not-found page.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { L0, L1, text } from "./contract-cases.ts";
import { attackRequest, CORPUS, expectSafe, IMAGE_CORPUS } from "./hostile-corpus.ts";
import {
  alternates,
  buildAppCopy,
  canonicalLink,
  errorPage,
  htmlLang,
  productionIn,
  routeMarker,
  siteConfigSource,
  startServer,
  type RunningServer,
} from "./harness.ts";

const BASE = "/shop";

describe.each([false, true])("basePath /shop, trailingSlash %s", (trailingSlash) => {
  /**
   * An app path (`/fr/about`, written without a trailing slash) in the site's
   * slash style; a last segment that looks like a file never gets one.
   */
  const inner = (path: string) =>
    trailingSlash && path !== "/" && !/\.\w+$/.test(path) ? `${path}/` : path;
  /** The home page: the base path, in the site's slash style. */
  const home = trailingSlash ? `${BASE}/` : BASE;
  /** An app path as served under the base path: `/shop/fr/about`. */
  const site = (path: string) => (path === "/" ? home : BASE + inner(path));
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = await buildAppCopy({
      "site.config.ts": siteConfigSource({
        basePath: BASE,
        trailingSlash,
        redirects: [
          { source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true },
          { source: "/legacy", destination: `${BASE}/about`, permanent: false, basePath: false },
        ],
      }),
    });
    server = await startServer({}, productionIn(dir));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the home page is the base path in the site's slash style; the other form is one 308 away", async () => {
    const page = await server.request(home);
    expect(page.status).toBe(200);
    expect(routeMarker(page.body)?.route).toBe("/");
    const other = await server.request(`${home === BASE ? `${BASE}/` : BASE}?q=1`);
    expect(other.status).toBe(308);
    expect(other.headers.location).toBe(`${home}?q=1`);
  });

  test.each([
    ["/shop//about", "/about"],
    ["/shop/about//", "/about"],
    [`/shop/${L1.toUpperCase()}//about/`, `/${L1}/about`],
    ["/shop/x/../about", "/about"],
    ["/shop//evil.example/", "/evil.example"],
    ["/shop/\\evil.example", "/evil.example"],
    ["/shop/../evil.example", "/evil.example"],
  ])("%s: one 308 below the base path", async (path, target) => {
    const response = await server.request(`${path}?b=2&a`);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(`${site(target)}?b=2&a`);
  });

  test.each([
    "/",
    "/about",
    `/${L1}/about`,
    "/shopping",
    "/SHOP/about",
    "//shop/about",
    "/favicon.svg",
    "/sitemap.xml",
  ])("%s, outside the base path: the not-found page, 404", async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(errorPage(response.body)).toBe("not-found");
  });

  test("a locale prefix comes after the base path; the not-found page is in its language", async () => {
    const page = await server.request(site(`/${L1}/about`));
    expect(page.status).toBe(200);
    expect(htmlLang(page.body)).toBe(L1);
    expect(page.body).toContain(`<h1>${text(L1).about.title}</h1>`);
    const missing = await server.request(site(`/${L1}/nope`));
    expect(missing.status).toBe(404);
    expect(htmlLang(missing.body)).toBe(L1);
    expect(errorPage(missing.body)).toBe("not-found");
  });

  test("canonical and hreflang links, the header's links, the scripts and the favicon carry it", async () => {
    const page = await server.request(site("/about"));
    expect(canonicalLink(page.body)).toBe(server.origin + site("/about"));
    expect(alternates(page.body)).toMatchObject({
      [L0]: server.origin + site("/about"),
      [L1]: server.origin + site(`/${L1}/about`),
      "x-default": server.origin + site("/about"),
    });
    const hrefs = [...page.body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toContain(home);
    expect(hrefs).toContain(site("/blog/new"));
    expect(hrefs.filter((href) => !href.startsWith(`${BASE}/`) && href !== BASE)).toEqual([]);
    const files = [...page.body.matchAll(/(?:src|href)="(\/[^"]*\.(?:js|svg))"/g)].map(
      (m) => m[1]!,
    );
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      expect(file.startsWith(`${BASE}/`)).toBe(true);
      expect((await server.request(file)).status).toBe(200);
    }
    expect(page.body).toContain(`"basename":"${trailingSlash ? `${BASE}/` : BASE}"`);
  });

  test("the CSP's report URI, the report and image endpoints, the sitemap are below it", async () => {
    const page = await server.request(site("/blog/x"));
    expect(page.headers["content-security-policy"]).toMatch(/report-uri \/shop\/_report\?page=/);
    const report = await server.request(`${BASE}/_report`, { method: "GET" });
    expect(report.status).toBe(405);
    const image = await server.request(`${BASE}/_image?src=%2Fimages%2Fvalley.jpg&w=640&q=75`);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);
    const sitemap = await server.request(`${BASE}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${server.origin}${home}</loc>`);
    expect(sitemap.body).toContain(`<loc>${server.origin}${site(`/${L1}/about`)}</loc>`);
    expect(sitemap.body).not.toMatch(new RegExp(`<loc>${server.origin}/(?!shop)`));
    const robots = await server.request(`${BASE}/robots.txt`);
    expect(robots.body).toContain(`Sitemap: ${server.origin}${BASE}/sitemap.xml`);
  });

  test("the health probes stay at the root, where the orchestrator calls them", async () => {
    expect((await server.request("/healthz")).status).toBe(200);
    expect((await server.request("/readyz")).status).toBe(200);
  });

  test("locale detection sends the base path's home to the visitor's language", async () => {
    const response = await server.request(home, { headers: { "Accept-Language": L1 } });
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(site(`/${L1}`));
    const remembered = await server.request(home, {
      headers: { "Accept-Language": L1, Cookie: `locale=${L0}` },
    });
    expect(remembered.status).toBe(200);
  });

  test("redirects: sources and destinations below the base path, in one hop; basePath: false on the whole path", async () => {
    const old = await server.request(`${BASE}/${L1}/old-blog/hello/?x=1`);
    expect(old.status).toBe(308);
    expect(old.headers.location).toBe(`${site(`/${L1}/blog/hello`)}?x=1`);
    expect((await server.request("/old-blog/hello")).status).toBe(404);
    const legacy = await server.request("/legacy");
    expect(legacy.status).toBe(307);
    // Made canonical, as every internal destination is.
    expect(legacy.headers.location).toBe(site("/about"));
  });

  test("route data: a client navigation's redirect and another build's reload name the page below the basename", async () => {
    // React Router's client puts its basename before a redirect's path, as its server leaves it off.
    const wrongSlash = trailingSlash ? `${BASE}/about.data` : `${BASE}/about/_.data`;
    const redirected = await server.request(wrongSlash);
    expect(redirected.status).toBe(202);
    expect(redirected.body).toContain(`"${inner("/about")}"`);
    const data = trailingSlash ? `${BASE}/${L1}/about/_.data` : `${BASE}/${L1}/about.data`;
    expect((await server.request(data)).status).toBe(200);
    const stale = await server.request(data, { headers: { "X-Build-Id": "an-old-build" } });
    expect(stale.status).toBe(204);
    expect(stale.headers["x-remix-redirect"]).toBe(inner(`/${L1}/about`));
    expect(stale.headers["x-remix-reload-document"]).toBe("true");
    const homeData = trailingSlash ? `${BASE}/_.data` : `${BASE}.data`;
    // The home page's data is the home page's, though `/shop.data` is no path below `/shop/`.
    const fresh = await server.request(`${homeData}?_routes=root`);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toContain('"origin"');
    const staleHome = await server.request(homeData, { headers: { "X-Build-Id": "an-old-build" } });
    expect(staleHome.headers["x-remix-redirect"]).toBe("/");
    const staleHomeWithQuery = await server.request(`${homeData}?q=1`, {
      headers: { "X-Build-Id": "an-old-build" },
    });
    expect(staleHomeWithQuery.headers["x-remix-redirect"]).toBe("/?q=1");
  });

  // The hostile corpus, below the base path: the same answers, and a redirect never leaves it.
  test.each([...CORPUS, ...IMAGE_CORPUS.map(([name, path]) => [name, { path }] as const)])(
    "hostile, below the base path: %s",
    async (name, attack) => {
      const response = await server.request(BASE + attack.path, attackRequest(attack));
      expectSafe(name, response);
      const { location } = response.headers;
      if (location !== undefined) expect(location, name).toMatch(/^\/shop(?:[/?#]|$)/);
    },
  );

  test("the server is healthy after the corpus, with no error logged", async () => {
    expect((await server.request(site("/about"))).status).toBe(200);
    expect(server.logs.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
  });
});
