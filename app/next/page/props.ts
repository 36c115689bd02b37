/**
 * A Next.js page's props on the server, as Next.js works them out: its
 * `getServerSideProps` for every request, its `getStaticProps` (for the paths
 * `getStaticPaths` allows) when it is rendered once, or `getInitialProps` (its
 * own or `_app`'s); what comes back read as Next.js reads it: `props`,
 * `notFound`, `redirect`, `revalidate`. One function for the document's loader
 * and for the data URL (`/_next/data/...`), so both answer alike.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RevalidateReason } from "../../context.ts";
import { isObject } from "../../routing/is-object.ts";
import {
  DEFAULT_LOCALE,
  localeFieldsOf,
  pageLocalesOn,
  type Locale,
  type PageLocales,
} from "../../routing/locale.ts";
import { pageParams, type PageParams } from "../../routing/pages.ts";
import { MAX_REVALIDATE_S } from "../../routing/render-once.ts";
import { nextQuery } from "../routing/query.ts";
import { customAppInitialProps, initialProps } from "./initial-props.ts";
import type {
  PagePropsOutcome,
  Revalidate,
  AppComponent,
  DataFunctions,
  NextPageContext,
  PageComponent,
  PageMeta,
  PageRequest,
} from "./types.ts";
import { cookiesOf } from "../../routing/cookies.ts";
import type { PreviewMode } from "../preview/mode.ts";
import { pathKey, prerenderedOutcome, staticPropsKey } from "./prerendered.ts";

export type { PagePropsOutcome, Revalidate } from "./types.ts";

export { localeFieldsOf, PAGE_LOCALES, type PageLocales } from "../../routing/locale.ts";

/** The locales a request's page is told of: its host's default (a locale domain's) among them. */
export function pageLocalesOf(request: Pick<PageRequest, "defaultLocale">): PageLocales {
  return pageLocalesOn((request.defaultLocale as Locale | undefined) ?? DEFAULT_LOCALE);
}

export interface PagePropsInput {
  readonly App: AppComponent | null;
  readonly page: PageComponent;
  readonly functions: DataFunctions;
  readonly meta: PageMeta;
  readonly request: PageRequest;
  readonly locales: PageLocales;
  /** Node's request and response, for a page rendered for this request; absent when rendered once. */
  readonly node?: { readonly req: IncomingMessage; readonly res: ServerResponse };
  /**
   * A document for a visitor, rendered for this request: the one render that
   * gets the fallback page of a path `getStaticPaths` did not list (`fallback:
   * true`). Crawlers, pages rendered once and the data URL get the page itself.
   */
  readonly fallbackAllowed?: boolean;
  /** Why `getStaticProps` runs: the first render, a stale page, or `POST /_revalidate`. */
  readonly revalidateReason?: RevalidateReason;
  /** Preview or draft mode, for a page rendered for this request (server/steps/preview/). */
  readonly preview?: PreviewMode;
}

/**
 * What a data function is told in preview or draft mode, as Next.js tells it:
 * nothing outside them (the keys absent), `{}` as the data of draft mode.
 */
function previewFieldsOf(preview: PreviewMode | undefined) {
  if (preview === undefined) return {};
  return {
    draftMode: true,
    preview: true,
    previewData: preview.kind === "draft" ? {} : preview.data,
  };
}

const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** A data function's answer that Next.js would refuse, named as Next.js names it. */
export class PageDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PageDataError";
  }
}

/** What a data function returned, checked as Next.js checks it (its messages included). */
export async function readDataResult(
  name: "getServerSideProps" | "getStaticProps",
  result: unknown,
): Promise<PagePropsOutcome> {
  if (!isObject(result)) {
    throw new PageDataError(
      `Your \`${name}\` function did not return an object. Did you forget to add a \`return\`?`,
    );
  }
  const allowed =
    name === "getStaticProps"
      ? ["props", "redirect", "notFound", "revalidate"]
      : ["props", "redirect", "notFound"];
  const extra = Object.keys(result).filter((key) => !allowed.includes(key));
  if (extra.length > 0) {
    throw new PageDataError(
      `Additional keys were returned from \`${name}\`. Properties intended for your component must be nested under the \`props\` key, e.g.:\n\n\treturn { props: { title: 'My Title', content: '...' } }\n\nKeys that need to be moved: ${extra.join(", ")}.`,
    );
  }
  const revalidate = name === "getStaticProps" ? readRevalidate(result.revalidate) : undefined;
  const withRevalidate = revalidate === undefined ? {} : { revalidate };
  if (result.notFound === true) {
    if ("redirect" in result)
      throw new PageDataError(
        `\`redirect\` and \`notFound\` can not both be returned from ${name} at the same time.`,
      );
    return { kind: "not-found", ...withRevalidate };
  }
  if ("redirect" in result && result.redirect !== undefined) {
    return readRedirect(name, result.redirect);
  }
  const props = await result.props;
  if (props === undefined && "props" in result === false) {
    return { kind: "props", props: { pageProps: {} }, ...withRevalidate };
  }
  if (!isObject(props)) {
    throw new PageDataError(
      `\`props\` returned from ${name} must be an object, not ${JSON.stringify(props)}.`,
    );
  }
  return { kind: "props", props: { pageProps: props }, ...withRevalidate };
}

function readRedirect(name: string, redirect: unknown): PagePropsOutcome {
  if (!isObject(redirect) || typeof redirect.destination !== "string") {
    throw new PageDataError(
      `Invalid redirect object returned from ${name}: \`destination\` must be a string.`,
    );
  }
  const hasPermanent = typeof redirect.permanent === "boolean";
  const hasStatus = redirect.statusCode !== undefined;
  if (hasPermanent === hasStatus) {
    throw new PageDataError(
      `Invalid redirect object returned from ${name}: give either \`permanent\` (a boolean) or \`statusCode\`, not both nor neither.`,
    );
  }
  const status = hasPermanent ? (redirect.permanent ? 308 : 307) : Number(redirect.statusCode);
  if (!REDIRECT_STATUSES.includes(status)) {
    throw new PageDataError(
      `Invalid redirect \`statusCode\` returned from ${name}: ${String(redirect.statusCode)} (one of ${REDIRECT_STATUSES.join(", ")}).`,
    );
  }
  return {
    kind: "redirect",
    destination: redirect.destination,
    status,
    basePath: redirect.basePath !== false,
  };
}

/** `revalidate` from `getStaticProps`: a whole number of seconds, `true` (one second) or `false`. */
export function readRevalidate(value: unknown): Revalidate | undefined {
  if (value === undefined || value === false) return value;
  if (value === true) return 1;
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_REVALIDATE_S
  ) {
    throw new PageDataError(
      `A page's revalidate option must be seconds expressed as a natural number up to ${MAX_REVALIDATE_S}, or false; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

type Fallback = boolean | "blocking";

interface StaticPathsIndex {
  readonly fallback: Fallback;
  /** `locale \0 params` of each path listed. */
  readonly listed: ReadonlySet<string>;
}

/**
 * `getStaticPaths`' answer, checked as Next.js checks it and indexed: run once
 * per process (a failure is not kept: the next request tries again).
 */
const staticPathsOf = new WeakMap<object, Promise<StaticPathsIndex>>();

export function readStaticPaths(
  result: unknown,
  pattern: string,
  { locales, defaultLocale }: PageLocales,
): StaticPathsIndex {
  if (!isObject(result) || !Array.isArray(result.paths)) {
    throw new PageDataError(
      `Invalid value returned from getStaticPaths for ${pattern}: it must be an object with a \`paths\` array.`,
    );
  }
  const fallback = result.fallback as Fallback;
  if (fallback !== true && fallback !== false && fallback !== "blocking") {
    throw new PageDataError(
      `The \`fallback\` key must be returned from getStaticPaths in ${pattern}: true, false or "blocking".`,
    );
  }
  const listed = new Set<string>();
  for (const entry of result.paths as unknown[]) {
    if (typeof entry === "string") {
      const split = splitListedLocale(entry, locales, defaultLocale);
      const params = pageParams(pattern, split.path.replace(/(.)\/$/, "$1"));
      if (params === null) {
        throw new PageDataError(
          `The provided path \`${entry}\` does not match the page: \`${pattern}\`.`,
        );
      }
      listed.add(pathKey(split.locale, params));
    } else if (isObject(entry) && isObject(entry.params)) {
      const locale = typeof entry.locale === "string" ? entry.locale : defaultLocale;
      listed.add(pathKey(locale, entry.params as PageParams));
    } else {
      throw new PageDataError(
        `Invalid path returned from getStaticPaths for ${pattern}: a path string or { params }, not ${JSON.stringify(entry)}.`,
      );
    }
  }
  return { fallback, listed };
}

function splitListedLocale(
  path: string,
  locales: readonly string[] | null,
  defaultLocale: string | null,
): { locale: string | null; path: string } {
  const first = path.split("/")[1] ?? "";
  const locale = locales?.find((l) => l.toLowerCase() === first.toLowerCase());
  if (locale === undefined) return { locale: defaultLocale, path };
  return { locale, path: path.slice(first.length + 1) || "/" };
}

async function staticPaths(
  getStaticPaths: NonNullable<DataFunctions["getStaticPaths"]>,
  pattern: string,
  locales: PageLocales,
): Promise<StaticPathsIndex> {
  let index = staticPathsOf.get(getStaticPaths);
  if (index === undefined) {
    index = (async () =>
      readStaticPaths(
        await (getStaticPaths as (c: unknown) => unknown)({
          locales: locales.locales ?? undefined,
          defaultLocale: locales.defaultLocale ?? undefined,
        }),
        pattern,
        locales,
      ))();
    staticPathsOf.set(getStaticPaths, index);
    index.catch(() => staticPathsOf.delete(getStaticPaths));
  }
  return index;
}

const sent = (res: ServerResponse | undefined) =>
  res !== undefined && (res.headersSent || res.writableEnded);

/**
 * A page's getStaticProps outcome for its path (getStaticPaths allowing it):
 * the build's record while fresh (prerendered.ts) for a first render, else
 * what getStaticProps returns now.
 */
export async function staticPropsOutcome(
  input: Pick<
    PagePropsInput,
    "functions" | "request" | "locales" | "fallbackAllowed" | "revalidateReason" | "preview"
  >,
): Promise<PagePropsOutcome> {
  const { functions, request, locales, preview } = input;
  const dynamic = request.pattern.includes("[");
  // In preview, any path renders, at once (no fallback), as in Next.js: a draft may
  // be of a page getStaticPaths does not list yet.
  if (dynamic && functions.getStaticPaths && preview === undefined) {
    const index = await staticPaths(functions.getStaticPaths, request.pattern, locales);
    const listed = index.listed.has(pathKey(request.locale, request.params));
    if (!listed && index.fallback === false) return { kind: "not-found" };
    if (!listed && index.fallback === true && input.fallbackAllowed) return { kind: "fallback" };
  }
  const reason = input.revalidateReason ?? "build";
  if (reason === "build" && preview === undefined) {
    const kept = prerenderedOutcome(
      staticPropsKey(request.pattern, request.locale, request.params),
      Date.now(),
    );
    if (kept !== undefined) return kept;
  }
  const localeFields = localeFieldsOf(request.locale, locales);
  const result = await (functions.getStaticProps as (c: unknown) => unknown)({
    ...(dynamic && { params: request.params }),
    ...previewFieldsOf(preview),
    ...localeFields,
    locales: localeFields.locales ?? [],
    revalidateReason: reason,
  });
  return readDataResult("getStaticProps", result);
}

/** The page's props for one request, or what to answer instead. */
export async function pageProps(input: PagePropsInput): Promise<PagePropsOutcome> {
  const { App, page, functions, meta, request, locales, node } = input;
  const dynamic = request.pattern.includes("[");
  const query = nextQuery(request.querySearch ?? request.search, request.params);
  const resolvedUrl = request.path + (request.asked?.search ?? request.search);
  const askedUrl = request.asked ? request.asked.path + request.asked.search : resolvedUrl;
  const localeFields = localeFieldsOf(request.locale, locales);
  // A data function's context has the site's locales as a list, empty without
  // i18n, where the router and getInitialProps have none: as Next.js gives them.
  const dataLocaleFields = { ...localeFields, locales: localeFields.locales ?? [] };
  if (node) {
    const req = node.req as IncomingMessage & { cookies?: Record<string, string> };
    req.cookies ??= cookiesOf(req.headers.cookie);
    // As Next.js gives it: the page's path and query (or, rewritten by rewrites(),
    // those asked for), without base path and locale prefix; a data request's own URL.
    req.url = request.requestUrl ?? askedUrl;
  }
  const ctx: NextPageContext = {
    req: node?.req,
    res: node?.res,
    pathname: request.pattern,
    query,
    asPath: askedUrl,
    ...localeFields,
    AppTree: () => null,
  };
  const router = {
    pathname: request.pattern,
    route: request.pattern,
    query,
    asPath: askedUrl,
    ...localeFields,
    isFallback: false,
    isReady: true,
  };

  if (meta.data !== "initial" && page.getInitialProps) {
    throw new PageDataError(
      `You can not use getInitialProps with ${meta.data === "server-side" ? "getServerSideProps" : "getStaticProps"} (pages/${meta.file}).`,
    );
  }

  if (meta.data === "initial") {
    const props = await initialProps(App, page, ctx, router);
    return sent(node?.res) ? { kind: "sent" } : { kind: "props", props };
  }

  // _app's own getInitialProps runs for every page, as in Next.js; its pageProps go under the page's.
  const appProps = customAppInitialProps(App)
    ? await initialProps(App, page, ctx, router)
    : { pageProps: {} };
  if (sent(node?.res)) return { kind: "sent" };

  let outcome: PagePropsOutcome;
  if (meta.data === "server-side") {
    const result = await (functions.getServerSideProps as (c: unknown) => unknown)({
      ...(dynamic && { params: request.params }),
      query,
      req: node?.req,
      res: node?.res,
      resolvedUrl,
      ...previewFieldsOf(input.preview),
      ...dataLocaleFields,
    });
    if (sent(node?.res)) return { kind: "sent" };
    outcome = await readDataResult("getServerSideProps", result);
  } else {
    outcome = await staticPropsOutcome(input);
  }
  if (outcome.kind !== "props") return outcome;
  const { pageProps: fromApp, ...rest } = appProps;
  return {
    ...outcome,
    props: { ...rest, pageProps: { ...fromApp, ...outcome.props.pageProps } },
  };
}
