/**
 * The URLs of the site under test, for the specs that check the contract on
 * the site's own pages (site-urls.spec.ts) rather than on our example paths:
 * read from its /sitemap.xml (with each URL's hreflang alternates), or from a
 * file of paths (`smoke --urls FILE`, SMOKE_URLS_FILE: one path or URL a line,
 * `#` starts a comment). Global setup reads them once and writes them where the
 * spec, which needs them to name its tests, reads them as it loads.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { dirname } from "node:path";

export interface SiteUrl {
  /** The path, percent-encoded as the site writes it, with no query. */
  readonly path: string;
  /** Its alternates by hreflang, as paths; empty when the list came from a file. */
  readonly alternates: Readonly<Record<string, string>>;
}

/** Where global setup leaves the list for the spec. */
export const SITE_URLS_FILE = "test-results/site-urls/list.json";

/** A body over HTTP(S); `insecure` takes whatever certificate is presented (smoke --insecure). */
function getText(url: string, insecure: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith("https:") ? httpsRequest : httpRequest;
    const req = request(url, { rejectUnauthorized: !insecure, timeout: 10_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url}: no answer in 10 s`)));
    req.on("error", reject);
    req.end();
  });
}

const pathOf = (url: string) => new URL(url, "http://site.invalid").pathname;

/** The last segment of a path no site means to have. */
const MISSING = "smoke-missing-page";

/**
 * The base path a site is served under, from the URL it is tested at
 * (`https://host/shop` -> `/shop`); "" for the origin itself.
 */
export function basePathOf(siteUrl: string): string {
  return new URL(siteUrl).pathname.replace(/\/+$/, "");
}

/** `path` (a URL path of the site) without the site's base path: `/shop/fr` -> `/fr`, `/shop` -> `/`. */
export function belowBase(path: string, base: string): string {
  if (base === "" || (path !== base && !path.startsWith(`${base}/`))) return path;
  return path.slice(base.length) || "/";
}

/**
 * A path beside `path` that no site means to have: its last segment replaced,
 * or under it for a home (`/fr` gives `/fr/smoke-missing-page`; the base path's
 * home, `/shop/smoke-missing-page`), so the answer comes in the page's locale,
 * from the site; in the site's slash style.
 */
export function missingSibling(
  path: string,
  lang: string | undefined,
  trailingSlash: boolean,
  base = "",
): string {
  const segments = belowBase(path, base).split("/").filter(Boolean);
  const localeHome = segments.length === 1 && segments[0]!.toLowerCase() === lang?.toLowerCase();
  if (!localeHome) segments.pop();
  return `${base}/${[...segments, MISSING].join("/")}${trailingSlash ? "/" : ""}`;
}

/**
 * `path` with a slash doubled before its last segment (`/blog//hello`,
 * `//about`); for a home page, after it (`//`, `/shop//`), as a doubled slash
 * before the base path would be a path outside the site.
 */
export function doubledSlash(path: string, base = ""): string {
  if (belowBase(path, base) === "/") return `${base}//`;
  return path.replace(/\/([^/]+\/?)$/, "//$1");
}

/** Whether a site's URLs end in a slash: its pages' paths say (`/` says nothing). */
export function usesTrailingSlash(urls: readonly SiteUrl[]): boolean {
  return urls.some(({ path }) => path !== "/" && path.endsWith("/"));
}

/** The `<url>` entries of a sitemap: each location's path and its alternates' paths. */
export function sitemapUrls(xml: string): SiteUrl[] {
  const unescape = (value: string) =>
    value.replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name]!,
    );
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
    path: pathOf(unescape(/<loc>\s*([^<]+?)\s*<\/loc>/.exec(body!)?.[1] ?? "")),
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link\s[^>]*>/g)].map(([tag]) => [
        /\shreflang="([^"]+)"/.exec(tag)?.[1] ?? "",
        pathOf(unescape(/\shref="([^"]+)"/.exec(tag)?.[1] ?? "")),
      ]),
    ),
  }));
}

/** The paths of a `--urls` file. */
export function listedUrls(text: string): SiteUrl[] {
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((line) => ({ path: pathOf(line), alternates: {} }));
}

/** The site's URLs: from the file of paths `urlsFile` if given, else from its sitemap. */
export async function readSiteUrls(
  baseUrl: string,
  insecure: boolean,
  urlsFile?: string,
): Promise<SiteUrl[]> {
  let urls: SiteUrl[];
  if (urlsFile) {
    urls = listedUrls(readFileSync(urlsFile, "utf8"));
  } else {
    const sitemap = `${baseUrl}/sitemap.xml`;
    const { status, body } = await getText(sitemap, insecure);
    if (status !== 200) throw new Error(`${sitemap} answered ${status}: give the URLs with --urls`);
    urls = sitemapUrls(body);
  }
  if (urls.length === 0) throw new Error("the site's URL list is empty");
  return urls;
}

interface SavedSite {
  readonly base: string;
  readonly urls: SiteUrl[];
}

/**
 * Reads the site's URLs (its sitemap, or SMOKE_URLS_FILE) and leaves them, with
 * the site's base path (`siteUrl`'s path: `https://host/shop`), for the spec.
 */
export async function saveSiteUrls(siteUrl: string, insecure: boolean): Promise<number> {
  const base = basePathOf(siteUrl);
  const urls = await readSiteUrls(
    siteUrl.replace(/\/+$/, ""),
    insecure,
    process.env.SMOKE_URLS_FILE,
  );
  mkdirSync(dirname(SITE_URLS_FILE), { recursive: true });
  writeFileSync(SITE_URLS_FILE, JSON.stringify({ base, urls } satisfies SavedSite));
  return urls.length;
}

function savedSite(): SavedSite {
  try {
    return JSON.parse(readFileSync(SITE_URLS_FILE, "utf8")) as SavedSite;
  } catch {
    return { base: "", urls: [] };
  }
}

/** The list global setup left; none when it did not run (a spec listed alone). */
export function savedSiteUrls(): SiteUrl[] {
  return savedSite().urls;
}

/** The base path of the site global setup read the list from ("" for none). */
export function savedSiteBase(): string {
  return savedSite().base;
}
