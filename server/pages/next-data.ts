/**
 * A Next.js page's data at its data URL, `/_next/data/<buildId>/<locale>/<path>.json`:
 * what the page's client fetches on a navigation (app/next/page/client.tsx).
 * The URL is parsed here (app/next/routing/data-url.ts), the page found by
 * Next.js's precedence, and its props made by the build's own runtime
 * (app/next/page/server.ts, through the entry module), so a document and its
 * data answer alike. Another build's URL is a 404 that is not `{ notFound }`:
 * a tab of that build (ours, or the Next.js site's during a cutover) then loads
 * the page as a document, as Next.js's client does.
 */
import { stripBasePath } from "../../app/routing/base-path.ts";
import {
  DEFAULT_LOCALE,
  defaultLocaleOn,
  LOCALE_PREFIXES,
  LOCALES,
  pageLocaleOf,
  type Locale,
} from "../../app/routing/locale.ts";
import {
  pageRouteOfId,
  routePathOf,
  type PageParams,
  type PageRoute,
} from "../../app/routing/pages.ts";
import { nextRouteMatcher } from "../../app/routing/precedence.ts";
import { parseNextDataPath, NEXT_DATA_PREFIX } from "../../app/next/routing/data-url.ts";
import { searchWithout } from "../../app/next/routing/query.ts";
import type { RevalidateReason } from "../../app/context.ts";
import type { NextDataAnswer, NextDataInput } from "../../app/next/page/data-request.ts";
import type { StaticOutcome } from "../../app/next/page/prerendered.ts";
import type { AppServerBuild } from "../platform/build.ts";
import { sendText, type Exchange, type Step } from "../platform/exchange.ts";
import type { Logger } from "../platform/logger.ts";
import type { RenderedPage } from "./page-renderer.ts";

/** What the build's entry module adds for this step (app/entry.server.tsx). */
interface NextDataEntry {
  nextDataAnswer(input: NextDataInput): Promise<NextDataAnswer | null>;
  nextStaticProps(input: NextDataInput): Promise<{ key: string; outcome: StaticOutcome } | null>;
}

interface PageEntry {
  readonly page: PageRoute;
  readonly module: Record<string, unknown>;
}

interface FoundPage extends PageEntry {
  readonly params: PageParams;
  readonly locale: string;
  /** The locale served unprefixed on the request's host. */
  readonly defaultLocale: Locale;
  readonly path: string;
  /** The route's pattern as React Router reports it (`/fr/blog/:slug`): the access log's and the caches'. */
  readonly routePattern: string;
}

export interface NextData {
  /** Answers `GET|HEAD /_next/data/...`; passes everything else on. */
  readonly step: Step;
  /**
   * The data at `target` (path, base path included, and query) for a page at
   * `origin`, for the caches of pages rendered once.
   */
  renderOnce(
    origin: string,
    target: string,
    reason: RevalidateReason,
  ): Promise<RenderedPage | null>;
  /**
   * getStaticProps' outcome for the page at a data URL, for the build's record
   * (server/static-pages/): null for a page of another kind. Throws what it throws.
   */
  staticProps(target: string): Promise<{ key: string; outcome: StaticOutcome } | null>;
}

export function nextData(
  build: AppServerBuild,
  { buildId, basePath }: { buildId: string; basePath: string },
  logger: Logger,
): NextData {
  const entry = build.entry.module as unknown as Partial<NextDataEntry> & {
    nextMiddleware?: unknown;
  };
  const withMiddleware = Boolean(entry.nextMiddleware);
  // The unprefixed route of each page of the pages folder: one module serves every locale.
  const match = nextRouteMatcher(
    Object.values(build.routes).flatMap((route) => {
      const page = route && pageRouteOfId(route.id, null);
      return page ? [{ ...page, module: route.module as unknown as Record<string, unknown> }] : [];
    }),
  );

  /** The page a data URL asks for, on a host whose unprefixed locale is `defaultLocale`. */
  function find(
    rawPath: string,
    defaultLocale: Locale = DEFAULT_LOCALE,
  ): FoundPage | null | "another-build" {
    const below = stripBasePath(rawPath, basePath);
    if (below === null) return null;
    const target = parseNextDataPath(below, LOCALE_PREFIXES ? LOCALES : null);
    if (target === null) return null;
    if (target.buildId !== buildId) return "another-build";
    const locale = target.locale ?? DEFAULT_LOCALE;
    const found = match(target.path);
    if (found === null) return null;
    const prefix = locale !== defaultLocale ? locale : null;
    const routePath = [prefix, routePathOf(found.page)].filter(Boolean).join("/");
    return {
      page: found.page,
      module: found.page.module,
      params: found.params,
      locale,
      defaultLocale,
      path: target.path,
      routePattern: `/${routePath}`,
    };
  }

  function inputOf(
    found: FoundPage,
    search: string,
    node?: NextDataInput["node"],
    reason?: RevalidateReason,
    preview?: NextDataInput["preview"],
    requestUrl?: string,
  ): NextDataInput {
    return {
      module: found.module,
      request: {
        pattern: found.page.pattern,
        params: found.params,
        // Pages are told of no locale without i18n, as the data URL names none.
        locale: pageLocaleOf(found.locale),
        ...(found.defaultLocale !== DEFAULT_LOCALE && { defaultLocale: found.defaultLocale }),
        path: found.path,
        search: searchWithout(search, found.params),
        querySearch: search,
        ...(requestUrl !== undefined && { requestUrl }),
      },
      node,
      revalidateReason: reason,
      ...(preview && { preview }),
    };
  }

  async function answerOf(
    found: FoundPage,
    search: string,
    node: NextDataInput["node"],
    reason?: RevalidateReason,
    preview?: NextDataInput["preview"],
    requestUrl?: string,
  ): Promise<NextDataAnswer | null> {
    if (typeof entry.nextDataAnswer !== "function") return null;
    return entry.nextDataAnswer(inputOf(found, search, node, reason, preview, requestUrl));
  }

  return {
    async step(exchange: Exchange) {
      const { req, res, rawPath, rawSearch, path } = exchange;
      if (path === null || !path.startsWith(NEXT_DATA_PREFIX)) return false;
      if (req.method !== "GET" && req.method !== "HEAD") {
        sendText(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
        return true;
      }
      // A data request rewritten to another page's (page-of.ts): that page's data URL.
      const asked = exchange.rewrittenFrom === undefined ? rawPath : basePath + path;
      const found = find(asked, defaultLocaleOn(exchange.origin?.host));
      if (found === null || found === "another-build") {
        // No data here for this URL: not `{ notFound: true }`, so the client loads the
        // page. With a middleware, `{}`, as Next.js answers then.
        if (withMiddleware) {
          res.writeHead(404, { "Content-Type": "application/json", "Cache-Control": "no-store" });
          res.end("{}");
        } else {
          sendText(res, 404, "Not Found\n", { "Cache-Control": "no-store" });
        }
        return true;
      }
      exchange.routePattern = found.routePattern;
      const answer = await answerOf(
        found,
        rawSearch,
        { req, res },
        exchange.revalidateReason,
        exchange.preview,
        // req.url, as Next.js gives it for a data request: the data URL as asked; in a
        // site with locales, the page's URL (Next.js rewrites it once it read the locale).
        // (Without the page's parameters, which the shell's client adds to the query.)
        LOCALE_PREFIXES
          ? undefined
          : (exchange.rewrittenFrom ??
              (stripBasePath(rawPath, basePath) ?? rawPath) +
                searchWithout(rawSearch, found.params)),
      );
      // The page's own code answered (it ended the response).
      if (answer === null) return true;
      if (res.headersSent) return true;
      for (const [name, value] of Object.entries(answer.headers)) {
        // A header the page's getServerSideProps set wins over ours.
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      res.statusCode = answer.status;
      res.end(req.method === "HEAD" ? undefined : answer.body);
      return true;
    },

    async renderOnce(origin, target, reason) {
      const queryAt = target.indexOf("?");
      const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
      const found = find(rawPath, defaultLocaleOn(new URL(origin).host));
      if (found === null || found === "another-build") return null;
      try {
        const search = queryAt === -1 ? "" : target.slice(queryAt);
        const answer = await answerOf(found, search, undefined, reason);
        if (answer === null) return null;
        return {
          status: answer.status,
          headers: answer.headers,
          body: Buffer.from(answer.body),
          routePattern: found.routePattern,
          ...(answer.revalidate !== undefined && { revalidate: answer.revalidate }),
        };
      } catch (error) {
        logger.debug({ err: error, target }, "page data rendered once failed");
        return null;
      }
    },

    async staticProps(target) {
      const found = find(target);
      if (found === null || found === "another-build") return null;
      if (typeof entry.nextStaticProps !== "function") return null;
      return entry.nextStaticProps(inputOf(found, "", undefined, "build"));
    },
  };
}
