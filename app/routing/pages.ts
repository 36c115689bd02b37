/**
 * Pages from files, named as the Next.js pages router names them, and the
 * parameters a page gets. Pure functions of file names and paths: the build
 * (app/routes.ts) makes the route table with them, and a page, in the server or
 * the browser, asks them for its own route and parameters, so the naming rules
 * and the decoding live in this one place.
 *
 *   index.tsx                  /
 *   about.tsx, about/index.tsx /about
 *   blog/[slug].tsx            /blog/[slug]          one segment: { slug: "hello world" }
 *   docs/[...path].tsx         /docs/[...path]       one or more: { path: ["a", "b c"] }
 *   shop/[[...filters]].tsx    /shop/[[...filters]]  zero or more: {} or { filters: ["red"] }
 *   404.tsx, 500.tsx           the not-found and error pages, not routes
 *   api/hello.ts               /api/hello, an API route: a request handler, not a page
 *   _anything, x.test.tsx      not pages
 */

import { isInternalPath } from "./canonical-url.ts";

export type Segment =
  | { readonly kind: "static"; readonly value: string }
  | { readonly kind: "dynamic"; readonly name: string }
  | { readonly kind: "catch-all"; readonly name: string }
  | { readonly kind: "optional-catch-all"; readonly name: string };

export interface PageRoute {
  /** The file, relative to the pages folder, with its extension: `blog/[slug].tsx`. */
  readonly file: string;
  /** The route as Next.js writes it: `/blog/[slug]`, `/` for the top index. */
  readonly pattern: string;
  readonly segments: readonly Segment[];
}

/** The parameters of a page as Next.js gives them: a catch-all as an array, decoded once. */
export type PageParams = Record<string, string | string[]>;

/**
 * What a page's `getStaticPaths` export returns, as in Next.js: the paths of a
 * page with parameters that the sitemap lists (and a smoke run visits), as
 * paths (`"/blog/hello"`) or as parameters (`{ params: { slug: "hello" } }`).
 */
export interface StaticPaths {
  readonly paths: readonly (string | { readonly params: PageParams })[];
  /** Next.js's; read by nothing here: every page renders on demand. */
  readonly fallback?: unknown;
}

/** What Next.js gives `getStaticPaths`: the site's locales (none without `i18n`). */
export interface StaticPathsContext {
  readonly locales?: readonly string[];
  readonly defaultLocale?: string;
}
export type GetStaticPaths = (context: StaticPathsContext) => StaticPaths | Promise<StaticPaths>;

const PAGE_EXTENSIONS = /\.(tsx|ts|jsx|js)$/;
const TEST_FILE = /\.(test|spec)\.(tsx|ts|jsx|js)$/;
const DECLARATION_FILE = /\.d\.ts$/;
/** A parameter's name, as Next.js reads one that React Router takes too: letters, digits, _ and -. */
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
// Characters React Router reads as pattern syntax, and brackets outside a whole
// `[param]` segment: a static segment holding them could not be matched as written.
const RESERVED_IN_STATIC = /[:*?[\]()+]/;

/** Refused page files, each problem naming its files; thrown with every problem at once. */
export class PageFileError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`pages: ${problems.length} problem(s) with page files:\n- ${problems.join("\n- ")}`);
    this.name = "PageFileError";
    this.problems = problems;
  }
}

/**
 * Whether a file in the pages folder is a page (or a fallback page): a module,
 * not a test or a declaration, and no part of its path starting with `_`
 * (`_app.tsx`, `_components/card.tsx`: helpers beside the pages).
 */
export function isPageFile(file: string): boolean {
  if (!PAGE_EXTENSIONS.test(file) || TEST_FILE.test(file) || DECLARATION_FILE.test(file))
    return false;
  return !file.split("/").some((part) => part.startsWith("_"));
}

/**
 * The special files of a pages folder, at its top, as Next.js names them: the
 * app around every page, the document, the error page, the 404 and 500 pages.
 */
export const SPECIAL_FILES = {
  app: "_app",
  document: "_document",
  error: "_error",
  notFound: "404",
  serverError: "500",
} as const;

export type SpecialFile = keyof typeof SPECIAL_FILES;

/** The special file a file of the pages folder is (`_app.tsx` -> "app"), or null. */
export function specialFileOf(file: string): SpecialFile | null {
  if (!PAGE_EXTENSIONS.test(file) || DECLARATION_FILE.test(file)) return null;
  const name = file.replace(PAGE_EXTENSIONS, "");
  for (const [kind, special] of Object.entries(SPECIAL_FILES)) {
    if (name === special) return kind as SpecialFile;
  }
  return null;
}

/** One path segment of a file name, or the reason Next.js would refuse it. */
function parseSegment(part: string): Segment | string {
  const optional = /^\[\[\.\.\.(.*)\]\]$/.exec(part);
  if (optional) {
    return PARAM_NAME.test(optional[1]!)
      ? { kind: "optional-catch-all", name: optional[1]! }
      : `"${part}": an optional catch-all needs a name, as in [[...slug]]`;
  }
  if (/^\[\[.*\]\]$/.test(part))
    return `"${part}": only a catch-all can be optional ([[...name]]); [[name]] is not a route`;
  const catchAll = /^\[\.\.\.(.*)\]$/.exec(part);
  if (catchAll) {
    return PARAM_NAME.test(catchAll[1]!)
      ? { kind: "catch-all", name: catchAll[1]! }
      : `"${part}": a catch-all needs a name, as in [...slug]`;
  }
  const dynamic = /^\[(.*)\]$/.exec(part);
  if (dynamic) {
    return PARAM_NAME.test(dynamic[1]!)
      ? { kind: "dynamic", name: dynamic[1]! }
      : `"${part}": a parameter's name is letters, digits, _ and -, as in [slug]`;
  }
  if (RESERVED_IN_STATIC.test(part))
    return `"${part}": a segment is either a whole [param] or plain text without : * ? [ ] ( ) +`;
  return { kind: "static", value: part };
}

/** The route a page file answers (`blog/[slug].tsx` -> `/blog/[slug]`), or why it is refused. */
export function pageRouteOf(file: string): PageRoute | string {
  const parts = file.replace(PAGE_EXTENSIONS, "").split("/");
  if (parts.at(-1) === "index") parts.pop();
  const segments: Segment[] = [];
  for (const part of parts) {
    const segment = parseSegment(part);
    if (typeof segment === "string") return `${file}: ${segment}`;
    segments.push(segment);
  }
  const names = segments.flatMap((s) => (s.kind === "static" ? [] : [s.name]));
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) return `${file}: the parameter "${repeated}" appears twice in one path`;
  const catchAll = segments.findIndex((s) => s.kind.endsWith("catch-all"));
  if (catchAll !== -1 && catchAll !== segments.length - 1)
    return `${file}: a catch-all must be the last part of the path`;
  return { file, pattern: patternOf(segments), segments };
}

function patternOf(segments: readonly Segment[]): string {
  const parts = segments.map((s) => {
    switch (s.kind) {
      case "static":
        return s.value;
      case "dynamic":
        return `[${s.name}]`;
      case "catch-all":
        return `[...${s.name}]`;
      case "optional-catch-all":
        return `[[...${s.name}]]`;
    }
  });
  return `/${parts.join("/")}`;
}

/**
 * The URLs a page answers, as shapes: `s:about`, `:` for one segment of any
 * value, `+` for one or more. An optional catch-all answers both its shape with
 * no segment and with some. Two pages sharing a shape answer the same URL.
 */
function shapesOf(segments: readonly Segment[]): string[] {
  const shape = (list: readonly Segment[]) =>
    list
      .map((s) => (s.kind === "static" ? `s:${s.value}` : s.kind === "dynamic" ? ":" : "+"))
      .join("/");
  const last = segments.at(-1);
  return last?.kind === "optional-catch-all"
    ? [
        shape(segments.slice(0, -1)),
        shape([...segments.slice(0, -1), { ...last, kind: "catch-all" }]),
      ]
    : [shape(segments)];
}

/**
 * The routed pages of a pages folder, given its files (relative, `/`-separated),
 * checked as Next.js checks them. Throws a PageFileError that lists every
 * refused name and every conflict, naming the files:
 * - names Next.js refuses (`[...]`, `[[slug]]`, a catch-all not last, a parameter twice);
 * - two files that answer the same URL (`blog/[id].tsx` and `blog/[slug].tsx`,
 *   `a.tsx` and `a/index.tsx`, `shop.tsx` and `shop/[[...f]].tsx`);
 * - two names for one dynamic segment (`blog/[id].tsx` and `blog/[slug]/edit.tsx`);
 * - a first segment that is a locale prefix, which the prefix would hide;
 * - a path the server answers itself (`/healthz`, `/assets/...`, `*.data`).
 * Files that are not pages (isPageFile), the fallback pages and the API routes
 * (isApiRoute: checked with the pages, so that none answers a page's URL) are left out.
 */
export function pagesFromFiles(
  files: readonly string[],
  options: { locales?: readonly string[] } = {},
): PageRoute[] {
  return routesFromFiles(files, options).filter((route) => !isApiRoute(route));
}

/**
 * Whether a route of the pages folder is an API route, as Next.js has them:
 * its path is `/api` or below it (`api/hello.ts`, `api/users/[id].ts`). Such a
 * file is a request handler, served by the server (server/steps/api/), never a
 * page the browser renders.
 */
export function isApiRoute(route: PageRoute): boolean {
  const first = route.segments[0];
  return first?.kind === "static" && first.value === "api";
}

/** Whether a path (below the base path) is at or under `/api`, where only API routes answer. */
export function isApiPath(path: string | null): path is string {
  return path === "/api" || path?.startsWith("/api/") === true;
}

/** The API routes of a pages folder, given its files, checked as pagesFromFiles checks pages. */
export function apiRoutesFromFiles(files: readonly string[]): PageRoute[] {
  return routesFromFiles(files).filter(isApiRoute);
}

function routesFromFiles(
  files: readonly string[],
  { locales = [] }: { locales?: readonly string[] } = {},
): PageRoute[] {
  const problems: string[] = [];
  const pages: PageRoute[] = [];
  for (const file of [...files].filter(isPageFile).sort()) {
    // The 404 and 500 pages answer errors; no URL routes to them.
    if (specialFileOf(file) !== null) continue;
    const page = pageRouteOf(file);
    if (typeof page === "string") problems.push(page);
    else pages.push(page);
  }

  const byShape = new Map<string, PageRoute>();
  // Where a parameter stands (the shape before it), and the first page that named it there.
  const dynamicNames = new Map<string, { page: PageRoute; name: string }>();
  for (const page of pages) {
    for (const shape of shapesOf(page.segments)) {
      const other = byShape.get(shape);
      if (other) problems.push(`${other.file} and ${page.file} answer the same URLs`);
      else byShape.set(shape, page);
    }
    page.segments.forEach((segment, i) => {
      if (segment.kind === "static") return;
      const at = `${shapesOf(page.segments.slice(0, i))[0]}/${segment.kind === "dynamic" ? ":" : "+"}`;
      const other = dynamicNames.get(at);
      if (!other) dynamicNames.set(at, { page, name: segment.name });
      else if (other.name !== segment.name)
        problems.push(
          `${other.page.file} and ${page.file} name one dynamic segment twice ("${other.name}" and "${segment.name}")`,
        );
    });
    // Any value of a parameter would do: a page at such a path is never asked for.
    const sample = `/${page.segments.map((s) => (s.kind === "static" ? s.value : "x")).join("/")}`;
    if (isInternalPath(sample))
      problems.push(
        `${page.file}: "${page.pattern}" is answered by the server itself (health probes, hashed files, route data), never by a page`,
      );
    const first = page.segments[0];
    if (
      first?.kind === "static" &&
      locales.some((locale) => locale.toLowerCase() === first.value.toLowerCase())
    )
      problems.push(
        `${page.file}: "/${first.value}" is a locale prefix, which would hide this page`,
      );
  }
  if (problems.length > 0) throw new PageFileError([...new Set(problems)]);
  return pages;
}

/**
 * The React Router path of a page: `[slug]` -> `:slug`; a catch-all `[...path]`
 * -> `:path/*`, so that it needs a first segment (`/docs` alone matches nothing
 * and is the 404 page); an optional catch-all `[[...f]]` -> `:f?/*`. Each form
 * comes back whole from its path (pageRouteOfPath): a loader, told its route's
 * pattern, finds its page from it.
 */
export function routePathOf(page: PageRoute): string {
  return page.segments
    .map((s) => {
      switch (s.kind) {
        case "static":
          return s.value;
        case "dynamic":
          return `:${s.name}`;
        case "catch-all":
          return `:${s.name}/*`;
        case "optional-catch-all":
          return `:${s.name}?/*`;
      }
    })
    .join("/");
}

/** The folder of the pages, in the app folder; a page's route id starts with it. */
export const PAGES_FOLDER = "pages";

/**
 * A page's route id, from its file and stable with it: `pages/blog/[slug]`
 * unprefixed, `fr/pages/blog/[slug]` under the `fr` prefix.
 */
export function routeIdOf(page: PageRoute, locale: string | null): string {
  const id = `${PAGES_FOLDER}/${page.file.replace(PAGE_EXTENSIONS, "")}`;
  return locale === null ? id : `${locale}/${id}`;
}

/** The id of the route that answers 404 for the paths no page claims, in a locale (null: unprefixed). */
export function notFoundRouteId(locale: string | null): string {
  return locale === null ? "not-found" : `${locale}/not-found`;
}

export function isNotFoundRouteId(id: string): boolean {
  // A page's id starts with the pages folder (`pages/not-found` is a page); no locale is named so.
  return /^([^/]+\/)?not-found$/.test(id) && !id.startsWith(`${PAGES_FOLDER}/`);
}

/** The page of a route id made by routeIdOf, under the locale prefix it was made for; null for any other route. */
export function pageRouteOfId(id: string, prefix: string | null): PageRoute | null {
  const scope = prefix === null ? `${PAGES_FOLDER}/` : `${prefix}/${PAGES_FOLDER}/`;
  if (!id.startsWith(scope)) return null;
  const page = pageRouteOf(id.slice(scope.length));
  return typeof page === "string" ? null : page;
}

/** The Next.js pattern of a React Router path made by routePathOf (`docs/:path/*` -> `/docs/[...path]`). */
export function patternOfRoutePath(routePath: string): string {
  const parts = routePath.split("/").filter(Boolean);
  const splat = parts.at(-1) === "*";
  if (splat) parts.pop();
  return `/${parts
    .map((part, i) => {
      const optional = /^:([\w-]+)\?$/.exec(part);
      if (optional && splat && i === parts.length - 1) return `[[...${optional[1]}]]`;
      const name = /^:([\w-]+)$/.exec(part)?.[1];
      if (name === undefined) return part;
      return splat && i === parts.length - 1 ? `[...${name}]` : `[${name}]`;
    })
    .join("/")}`;
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Most patterns a process reads: those of its pages, asked on every request. */
const MAX_KEPT_PATTERNS = 1000;
const parsedPatterns = new Map<string, readonly Segment[] | null>();

/** A pattern's segments (null if one is not a segment Next.js reads), parsed once. */
function patternSegments(pattern: string): readonly Segment[] | null {
  let segments = parsedPatterns.get(pattern);
  if (segments === undefined) {
    const parsed = pattern.split("/").filter(Boolean).map(parseSegment);
    segments = parsed.every((s) => typeof s !== "string") ? (parsed as Segment[]) : null;
    if (parsedPatterns.size >= MAX_KEPT_PATTERNS) parsedPatterns.clear();
    parsedPatterns.set(pattern, segments);
  }
  return segments;
}

/**
 * The parameters `path` gives a page with Next.js `pattern`, decoded exactly
 * once from the raw (percent-encoded) path without its locale prefix:
 * `/blog/[slug]` and `/blog/hello%20world` -> `{ slug: "hello world" }`;
 * `/docs/[...path]` and `/docs/a/b%2Fc` -> `{ path: ["a", "b/c"] }`; an optional
 * catch-all with no segment is absent. Null when the path does not fit the
 * pattern or a segment is not valid percent-encoding.
 */
export function pageParams(pattern: string, path: string): PageParams | null {
  const wanted = patternSegments(pattern);
  if (wanted === null) return null;
  const given = path.split("/").filter(Boolean);
  const params: PageParams = {};
  for (const [i, segment] of wanted.entries()) {
    if (segment.kind === "catch-all" || segment.kind === "optional-catch-all") {
      const rest = given.slice(i).map(decodeSegment);
      if (rest.some((value) => value === null)) return null;
      if (rest.length > 0) params[segment.name] = rest as string[];
      else if (segment.kind === "catch-all") return null;
      return params;
    }
    const value = given[i] === undefined ? null : decodeSegment(given[i]!);
    if (value === null) return null;
    if (segment.kind === "static") {
      if (value !== segment.value) return null;
    } else {
      params[segment.name] = value;
    }
  }
  return given.length === wanted.length ? params : null;
}

/**
 * Whether a parameter's value says an optional catch-all holds nothing, as
 * getStaticPaths may say it (Next.js takes undefined, null, false or []): the
 * path without it.
 */
export function isEmptyCatchAll(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The path of a page for these parameters, each segment percent-encoded once:
 * the inverse of `pageParams` (`/blog/[slug]` and `{ slug: "hello world" }` ->
 * `/blog/hello%20world`; `/docs/[...path]` and `{ path: ["a", "b/c"] }` ->
 * `/docs/a/b%2Fc`). Throws a PageParamsError naming the file when they do not
 * fit the page: one missing, one too many, an array where a segment is wanted
 * or the reverse, an empty segment.
 */
export function pagePath(page: PageRoute, params: PageParams): string {
  const parts: string[] = [];
  const used = new Set<string>();
  for (const segment of page.segments) {
    if (segment.kind === "static") {
      parts.push(encodeURIComponent(segment.value));
      continue;
    }
    used.add(segment.name);
    const value = params[segment.name];
    if (segment.kind === "dynamic") {
      if (typeof value !== "string" || value === "") {
        throw new PageParamsError(page, `${segment.name} must be a non-empty string`);
      }
      parts.push(encodeURIComponent(value));
      continue;
    }
    if (segment.kind === "optional-catch-all" && isEmptyCatchAll(value)) continue;
    if (
      !Array.isArray(value) ||
      value.length === 0 ||
      value.some((v) => typeof v !== "string" || v === "")
    ) {
      throw new PageParamsError(page, `${segment.name} must be an array of non-empty strings`);
    }
    parts.push(...value.map(encodeURIComponent));
  }
  const extra = Object.keys(params).filter((name) => !used.has(name));
  if (extra.length > 0) {
    throw new PageParamsError(page, `${extra.join(", ")}: not a parameter of ${page.pattern}`);
  }
  return `/${parts.join("/")}`;
}

/** Parameters that do not fit their page (`getStaticPaths`), naming the file. */
export class PageParamsError extends Error {
  constructor(page: PageRoute, problem: string) {
    super(`pages/${page.file}: ${problem}`);
    this.name = "PageParamsError";
  }
}
