/**
 * The pipeline's step for `/sitemap.xml` and `/robots.txt` (sitemap.ts makes
 * them). The paths are worked out once per build: at start-up in production
 * (main.ts awaits `paths`, so a page whose getStaticPaths fails stops the start,
 * naming the file), at the first request in development. Each answer is made
 * once per public origin and revalidated by ETag. A site's own
 * `public/robots.txt` is a static file, answered by an earlier step.
 */
import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { urlPathOf, type CanonicalOptions } from "../../../app/routing/canonical-url.ts";
import { localeFieldsOf, PAGE_LOCALES } from "../../../app/routing/locale.ts";
import { pageRouteOfId, type GetStaticPaths } from "../../../app/routing/pages.ts";
import { etagMatches, sendText, type Step } from "../../platform/exchange.ts";
import { robotsTxt, sitemapPaths, sitemapXml, type SitemapPage } from "./sitemap.ts";

/** Origins whose answers are kept: a deployment has one or a few (PUBLIC_ORIGIN, its hosts). */
const KEPT_ORIGINS = 16;

interface Answer {
  readonly body: string;
  readonly etag: string;
}

/**
 * The unprefixed pages of the build, with their modules' getStaticPaths (or,
 * for a page with getServerSideProps, which Next.js allows none, the shell's
 * own `sitemapPaths`, of the same form).
 */
export function sitemapPagesOf(build: Pick<ServerBuild, "routes">): SitemapPage[] {
  return Object.values(build.routes).flatMap((route) => {
    const page = route && pageRouteOfId(route.id, null);
    if (!page) return [];
    const module = route.module as { getStaticPaths?: unknown; sitemapPaths?: unknown };
    const getStaticPaths = module.sitemapPaths ?? module.getStaticPaths;
    return [
      typeof getStaticPaths === "function"
        ? { page, getStaticPaths: getStaticPaths as GetStaticPaths }
        : { page },
    ];
  });
}

export interface SitemapStep {
  readonly step: Step;
  /** The build's listed paths; rejects, naming the page, if one's getStaticPaths fails. */
  readonly paths: Promise<string[]>;
}

export function sitemap(
  build: Pick<ServerBuild, "routes">,
  options: CanonicalOptions,
): SitemapStep {
  const { locales, defaultLocale } = localeFieldsOf(null, PAGE_LOCALES);
  const paths = sitemapPaths(sitemapPagesOf(build), { locales, defaultLocale });
  // Handled by whoever awaits it (main.ts); a request sees the same rejection.
  paths.catch(() => {});
  const answers = new Map<string, Answer>();

  function answerFor(kind: "sitemap" | "robots", origin: string, list: string[]): Answer {
    const key = `${kind} ${origin}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const body =
        kind === "sitemap"
          ? sitemapXml(origin, list, options)
          : robotsTxt(origin + urlPathOf("/sitemap.xml", options));
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
      answer = { body, etag };
      if (answers.size >= KEPT_ORIGINS * 2) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    return answer;
  }

  const step: Step = async (exchange) => {
    const { path, req, res } = exchange;
    const kind = path === "/sitemap.xml" ? "sitemap" : path === "/robots.txt" ? "robots" : null;
    if (kind === null) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
      return true;
    }
    const origin = `${exchange.origin!.protocol}//${exchange.origin!.host}`;
    const { body, etag } = answerFor(kind, origin, await paths);
    const headers = {
      "Cache-Control": "public, max-age=0, must-revalidate",
      ETag: etag,
    };
    if (etagMatches(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, {
      ...headers,
      "Content-Type":
        kind === "sitemap" ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
  return { step, paths };
}
