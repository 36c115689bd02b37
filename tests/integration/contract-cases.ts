/**
 * The URL contract's HTTP cases for sections 1 to 4 and 7, each table with the
 * check that applies it: the production suite (routes, slashes, locales,
 * fallbacks, operations tests) and the dev-server suite (dev.test.ts) run the
 * same rows through the same checks.
 *
 * The rows are written for any site.config.ts: in the words of the site under
 * test (its default locale, two prefixed ones, its trailing-slash style, its
 * base path: `at`), so that the `second-site` and `base-path` projects run them
 * unchanged against another config.
 */
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { messages } from "../../site/i18n/messages.ts";
import { pagesIn } from "../../app/pages-folder.ts";
import { TRAILING_SLASH } from "../../app/routing/canonical-url.ts";
import { LOCALES, type Locale } from "../../app/routing/locale.ts";
import site from "../../site.config.ts";
import { siteTerms } from "../site-terms.ts";
import {
  errorPage,
  htmlLang,
  routeMarker,
  type HttpResponse,
  type RunningServer,
} from "./harness.ts";

/** The site under test in the tables' words (tests/site-terms.ts). */
export const { L0, L1, L2, UNSERVED, base, at, belowBase, canonical, pathIn, dataPath } =
  siteTerms(site);

/** The app's text in `locale` (site/i18n/messages.ts), for the headings a page must show. */
export const text = (locale: string) => messages(locale as Locale);

/** §1: [path, route pattern, params]. */
export const ROUTE_CASES: [string, string, Record<string, unknown>][] = (
  [
    ["/", "/", {}],
    ["/about", "/about", {}],
    ["/blog/new", "/blog/new", {}],
    ["/blog/hello%20world", "/blog/[slug]", { slug: "hello world" }],
    ["/blog/news", "/blog/[slug]", { slug: "news" }],
    ["/blog/caf%C3%A9", "/blog/[slug]", { slug: "café" }],
    ["/docs/a", "/docs/[...path]", { path: ["a"] }],
    ["/docs/a/b/c", "/docs/[...path]", { path: ["a", "b", "c"] }],
    ["/shop", "/shop/[[...filters]]", {}],
    ["/shop/red", "/shop/[[...filters]]", { filters: ["red"] }],
    ["/shop/red/xl", "/shop/[[...filters]]", { filters: ["red", "xl"] }],
    [`/${L1}/blog/new`, "/blog/new", {}],
    [`/${L2}/docs/x/y`, "/docs/[...path]", { path: ["x", "y"] }],
    // A page's name as a later segment is a parameter, never that page (nor a 404).
    ["/docs/about", "/docs/[...path]", { path: ["about"] }],
    ["/docs/blog/new", "/docs/[...path]", { path: ["blog", "new"] }],
    ["/shop/about", "/shop/[[...filters]]", { filters: ["about"] }],
    [`/${L1}/shop/docs`, "/shop/[[...filters]]", { filters: ["docs"] }],
    ["/blog/about", "/blog/[slug]", { slug: "about" }],
  ] as [string, string, Record<string, unknown>][]
).map(([path, route, params]) => [canonical(path), route, params]);

/**
 * §1 for every page of site/pages, in every locale, read from the folder as the
 * route table reads it: a URL made from its pattern (`[slug]` -> one segment
 * with a space, a catch-all -> two segments), with the parameters it must get.
 * An optional catch-all is asked for with no segment and with one.
 */
export const PAGE_INVENTORY: [string, string, Record<string, unknown>][] = pagesIn(
  fileURLToPath(new URL("../../site/pages", import.meta.url)),
).flatMap((page) => {
  const samples: { path: string[]; params: Record<string, string | string[]> }[] = [
    { path: [], params: {} },
  ];
  for (const segment of page.segments) {
    for (const sample of samples.splice(0)) {
      const add = (path: string[], params: Record<string, string | string[]> = {}) =>
        samples.push({ path: [...sample.path, ...path], params: { ...sample.params, ...params } });
      if (segment.kind === "static") add([encodeURIComponent(segment.value)]);
      else if (segment.kind === "dynamic") add(["a%20b"], { [segment.name]: "a b" });
      else add(["x", "y%2Fz"], { [segment.name]: ["x", "y/z"] });
      if (segment.kind === "optional-catch-all") add([]);
    }
  }
  return LOCALES.flatMap((locale) =>
    samples.map(({ path, params }) => {
      const url = pathIn(locale, `/${path.join("/")}`);
      return [url, page.pattern, params] as [string, string, Record<string, unknown>];
    }),
  );
});

export async function expectRoute(
  server: RunningServer,
  path: string,
  route: string,
  params: Record<string, unknown>,
): Promise<void> {
  const response = await server.request(path);
  expect(response.status).toBe(200);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(routeMarker(response.body)).toMatchObject({ route, params });
}

/** §1: paths no route matches. */
export const NOT_FOUND_PATHS = ["/docs", "/blog", "/About", "/shop-x", "/nope/deeper"].map(
  canonical,
);

export async function expectNotFound(server: RunningServer, path: string): Promise<void> {
  const response = await server.request(path);
  expect(response.status).toBe(404);
  expect(errorPage(response.body)).toBe("not-found");
}

/**
 * §2: [request path, Location under TRAILING_SLASH=never, under always]; null
 * means "served as it is, no redirect". One table, both modes.
 */
export const SLASH_ROWS: [string, string | null, string | null][] = (
  [
    ["/", null, null],
    ["/about", null, "/about/"],
    ["/about/", "/about", null],
    ["/about//", "/about", "/about/"],
    ["/blog//x", "/blog/x", "/blog/x/"],
    ["/blog\\x", "/blog/x", "/blog/x/"],
    ["//about", "/about", "/about/"],
    [`/${L1.toUpperCase()}/about`, `/${L1}/about`, `/${L1}/about/`],
    [`/${L1.toUpperCase()}//about/`, `/${L1}/about`, `/${L1}/about/`],
    [`/${L1}/`, `/${L1}`, null],
    [`/${L1}`, null, `/${L1}/`],
    ["/robots.txt/", "/robots.txt", "/robots.txt"],
    ["//evil.example/", "/evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example", "/evil.example"],
    ["/./about", "/about", "/about/"],
    ["/x/../about", "/about", "/about/"],
  ] as [string, string | null, string | null][]
).flatMap(([path, never, always]): [string, string | null, string | null][] =>
  path === "/" && base !== ""
    ? // The home page is the base path itself, and its other form redirects to it.
      [
        [base, null, `${base}/`],
        [`${base}/`, base, null],
      ]
    : [[at(path), never && at(never), always && at(always)]],
);

export async function expectSlash(
  server: RunningServer,
  path: string,
  expected: string | null,
): Promise<void> {
  const response = await server.request(path);
  if (expected === null) {
    expect(response.status).not.toBe(308);
    expect(response.headers.location).toBeUndefined();
  } else {
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(expected);
  }
}

/** The column of SLASH_ROWS for the site's own style. */
export const SLASH_COLUMN = TRAILING_SLASH === "never" ? 1 : 2;

/** §3: [path, locale, heading]. */
export const LOCALE_PAGES: [string, string, string][] = [
  [pathIn(L0, "/about"), L0, text(L0).about.title],
  [pathIn(L1, "/about"), L1, text(L1).about.title],
  [pathIn(L2, "/about"), L2, text(L2).about.title],
  // The default locale's own prefix serves it too; its canonical link is unprefixed.
  [canonical(`/${L0}/about`), L0, text(L0).about.title],
  [pathIn(L1, "/"), L1, text(L1).home.title],
];

/** A page in `locale`, with this status and heading; its response, for what else is checked. */
async function expectPageIn(
  server: RunningServer,
  path: string,
  status: number,
  locale: string,
  heading: string,
): Promise<HttpResponse> {
  const response = await server.request(path);
  expect(response.status).toBe(status);
  expect(htmlLang(response.body)).toBe(locale);
  expect(response.body).toContain(`<h1>${heading}</h1>`);
  return response;
}

export async function expectLocalePage(
  server: RunningServer,
  path: string,
  locale: string,
  heading: string,
): Promise<void> {
  const response = await expectPageIn(server, path, 200, locale, heading);
  expect(routeMarker(response.body)?.locale).toBe(locale);
}

/** §3: [Accept-Language on /, where it redirects]. */
export const DETECTION_CASES: [string, string][] = [
  [L1, pathIn(L1, "/")],
  [`${L1}-CA`, pathIn(L1, "/")],
  [`${L2}-DE,${L2};q=0.9,${L0};q=0.8`, pathIn(L2, "/")],
  [`${UNSERVED}, ${L1};q=0.4`, pathIn(L1, "/")],
];

export async function expectDetection(
  server: RunningServer,
  acceptLanguage: string,
  location: string,
): Promise<void> {
  const response = await server.request(at("/"), {
    headers: { "Accept-Language": acceptLanguage },
  });
  expect(response.status).toBe(307);
  expect(response.headers.location).toBe(location);
  // Both, whatever else an earlier layer names (Vite's dev server: Origin).
  const vary = String(response.headers.vary).split(/\s*,\s*/);
  expect(vary).toEqual(expect.arrayContaining(["Accept-Language", "Cookie"]));
}

/** §4: [path, locale, heading] of 404 pages. */
export const LOCALIZED_NOT_FOUND: [string, string, string][] = [
  [pathIn(L0, "/nope"), L0, text(L0).notFound.title],
  [pathIn(L1, "/nope"), L1, text(L1).notFound.title],
  [pathIn(L2, "/gibt/es/nicht"), L2, text(L2).notFound.title],
  [canonical(`/${L0}/nope`), L0, text(L0).notFound.title],
];

export async function expectLocalizedNotFound(
  server: RunningServer,
  path: string,
  locale: string,
  heading: string,
): Promise<void> {
  const response = await expectPageIn(server, path, 404, locale, heading);
  expect(errorPage(response.body)).toBe("not-found");
  expect(response.body).toContain('<meta name="robots" content="noindex"/>');
  expect(response.body).not.toContain('rel="canonical"');
}

/**
 * §4: a loader that throws (the /lab/boom fixture, E2E_FIXTURES=1) renders the
 * 500 page with the request's id as its reference, logged once as an error with
 * that id, and shows no message or stack from the server.
 */
export async function expectServerErrorPage(server: RunningServer): Promise<void> {
  const response = await server.request(canonical("/lab/boom"));
  expect(response.status).toBe(500);
  expect(errorPage(response.body)).toBe("server-error");
  const requestId = response.headers["x-request-id"] as string;
  expect(response.body).toContain(`data-reference-id="${requestId}"`);
  expect(response.body).not.toContain("always fails");
  expect(response.body).not.toMatch(/at \w+ \(|\.js:\d+/);

  const access = await server.accessLog(response);
  expect(access).toMatchObject({ status: 500, route: "/lab/boom", method: "GET" });
  const errors = server.errorsOf(requestId);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({
    msg: "request failed",
    err: { message: "lab: this loader always fails" },
  });
}

/** §4: [method, path, status] of malformed requests. */
export const MALFORMED_CASES: [string, string, number][] = (
  [
    ["GET", "/%E0%A4%A", 400],
    ["GET", "/%", 400],
    ["GET", "/blog/%zz", 400],
    ["GET", "/a%00b", 400],
    ["GET", `/${"a".repeat(9000)}`, 414],
    ["OPTIONS", "/about", 405],
    ["TRACE", "/about", 405],
    ["PROPFIND", "/about", 405],
  ] as [string, string, number][]
).map(([method, path, status]) => [method, at(path), status]);

export async function expectMalformedRefused(
  server: RunningServer,
  method: string,
  path: string,
  status: number,
): Promise<void> {
  const response = await server.request(path, { method });
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(response.body.length).toBeLessThan(200);
  expect(response.body).not.toContain("<");
}

/** §7: the probes, answered before the slash and locale rules. */
export const PROBES = ["/healthz", "/readyz"];

export async function expectProbe(server: RunningServer, path: string): Promise<void> {
  const response = await server.request(path, { headers: { "Accept-Language": L1 } });
  expect(response.status).toBe(200);
  expect(response.headers["x-build-id"]).toBeTruthy();
  expect(await server.accessLog(response)).toMatchObject({ level: "debug" });
}
