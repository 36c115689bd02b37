/**
 * On-demand revalidation, as Next.js's `res.revalidate('/path')`: `POST
 * /_revalidate` with `Authorization: Bearer $REVALIDATE_SECRET` and a JSON body
 * `{"paths": [...]}` or `{"tags": [...]}` drops the pages rendered once that it
 * names (a path's page and its route data, in every locale, whatever their
 * query); the next request for one renders it afresh. Never reachable when
 * REVALIDATE_SECRET is unset. The request's rules are pure functions here,
 * table-tested in tests/unit/on-demand.test.ts.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { stripBasePath } from "../../../app/routing/base-path.ts";
import { LOCALES, localizedPath, splitLocalePath } from "../../../app/routing/locale.ts";
import { routeDataPath } from "../../../app/routing/prefetch.ts";
import type { Config } from "../../platform/config.ts";
import { readJsonBody, sendText, type Step } from "../../platform/exchange.ts";
import { clientAddress } from "../../platform/forwarded.ts";
import type { Logger } from "../../platform/logger.ts";
import { rateLimit, type RateLimit } from "../../platform/rate-limit.ts";

/** What a purge through the shared cache came to. */
export interface PurgeOutcome {
  /** Kept copies dropped: every replica's memory copies and the shared ones. */
  readonly pages: number;
  /** The replicas told (listening to the cache when it was sent). */
  readonly replicas: number;
  /** Those that confirmed they dropped theirs in time. */
  readonly confirmed: number;
  /** Why not every copy is known to be gone (the answer says it); null: they are. */
  readonly problem: string | null;
}

export const REVALIDATE_ENDPOINT = "/_revalidate";
/** A body over this size is refused (413). */
export const MAX_REVALIDATE_BYTES = 16 * 1024;
/** Requests per client address and window (per replica, or every replica's with CACHE_URL). */
export const REVALIDATE_RATE = { points: 10, seconds: 10 } as const;
/** Paths or tags in one request. */
export const MAX_NAMES = 100;
/** A tag, as route modules export them (`export const tags = ["posts"]`). */
export const TAG = /^[\w.:-]{1,64}$/;

export type Purge =
  | { readonly kind: "paths"; readonly names: readonly string[] }
  | { readonly kind: "tags"; readonly names: readonly string[] };

const isPath = (value: string) =>
  value.length <= 2048 &&
  value.startsWith("/") &&
  !value.startsWith("//") &&
  !value.startsWith("/\\") &&
  // A path, not a URL with a query or fragment, and nothing a log line could be bent by.
  !/[?#\u0000-\u001f\u007f]/.test(value);

/** What a request body asks to drop, or why it is refused (a 400's message). */
export function parsePurge(body: unknown): Purge | { readonly error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { error: 'the body must be a JSON object: {"paths": [...]} or {"tags": [...]}' };
  }
  const keys = Object.keys(body);
  if (keys.length !== 1 || (keys[0] !== "paths" && keys[0] !== "tags")) {
    return { error: 'the body must hold exactly one of "paths" and "tags"' };
  }
  const kind = keys[0];
  const names: unknown = (body as Record<string, unknown>)[kind];
  if (!Array.isArray(names) || names.length === 0 || names.length > MAX_NAMES) {
    return { error: `"${kind}" must be a list of 1 to ${MAX_NAMES} strings` };
  }
  const valid = kind === "paths" ? isPath : (name: string) => TAG.test(name);
  const bad = names.find((name) => typeof name !== "string" || !valid(name));
  if (bad !== undefined) {
    return {
      error:
        kind === "paths"
          ? `not a path on this site (one "/", no query): ${JSON.stringify(bad).slice(0, 100)}`
          : `not a tag (${TAG.source}): ${JSON.stringify(bad).slice(0, 100)}`,
    };
  }
  return { kind, names: [...new Set(names as string[])] };
}

/**
 * The paths of the pages a path names: the page in every locale (prefixed or
 * not, whichever locale it was given in), with and without a trailing slash, and
 * the route data of each. Kept pages whose path is one of these are dropped,
 * whatever their query.
 */
export function pathsOf(path: string): Set<string> {
  const { path: unprefixed } = splitLocalePath(path);
  const pages = new Set<string>();
  for (const locale of LOCALES) {
    pages.add(localizedPath(locale, unprefixed));
    // The default locale's prefix is served too (its canonical is unprefixed).
    pages.add(unprefixed === "/" ? `/${locale}` : `/${locale}${unprefixed}`);
  }
  for (const page of [...pages]) {
    if (page !== "/") pages.add(page.endsWith("/") ? page.slice(0, -1) : `${page}/`);
  }
  for (const page of [...pages]) pages.add(routeDataPath(page));
  return pages;
}

/** A path as the URL parser writes it: percent-encoded where it must be, in one case. */
const urlPath = (path: string) => new URL(path, "http://h").pathname;

/**
 * What a kept page is found by: its path (of its target, without the query)
 * below the base path, as a purge names it, spelled as the URL parser spells
 * it, so `/blog/café` names the page kept as `/blog/caf%C3%A9`. The memory tier
 * matches purges by it; the shared cache indexes pages by it.
 */
export function pageKey(target: string, basePath: string): string {
  const path = target.split("?", 1)[0]!;
  return urlPath(stripBasePath(path, basePath) ?? path);
}

/** The page keys (pageKey) a purge by paths names. */
export const purgedPageKeys = (paths: readonly string[]): Set<string> =>
  new Set(paths.flatMap((path) => [...pathsOf(path)].map(urlPath)));

/** Whether a page (its path and query, its routes' tags) is one a purge names. */
export function purgeMatcher(
  request: Purge,
  basePath: string,
): (page: { readonly target: string; readonly tags: readonly string[] }) => boolean {
  if (request.kind === "tags") {
    return (page) => page.tags.some((tag) => request.names.includes(tag));
  }
  const keys = purgedPageKeys(request.names);
  return (page) => keys.has(pageKey(page.target, basePath));
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether `authorization` carries the secret, compared in constant time. */
export function authorized(authorization: string | undefined, secret: string): boolean {
  const token = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1];
  return token !== undefined && timingSafeEqual(digest(token), digest(secret));
}

/**
 * The endpoint. `purge` drops what the request names, on every replica, and
 * says what came of it: 200 once every replica has dropped its copies, 503
 * (with what it did) when some did not confirm in time or the shared cache is
 * unreachable; asking again is safe. Refusals: 405 but for POST, 429 past the rate (per client
 * address, counted before the secret is checked, so it cannot be guessed at
 * speed), 401 without a bearer token, 403 with a wrong one, 415 but for JSON,
 * 413 past MAX_REVALIDATE_BYTES, 400 for a body that says nothing we can do.
 */
export function onDemandRevalidation(
  config: Pick<Config, "revalidateSecret" | "trustProxy">,
  purge: (request: Purge) => Promise<PurgeOutcome>,
  logger: Logger,
  limiter: RateLimit = rateLimit("revalidate", REVALIDATE_RATE),
): Step {
  const secret = config.revalidateSecret;
  if (secret === null) return () => false;
  return async ({ req, res, requestId, decodedPath }) => {
    if (decodedPath !== REVALIDATE_ENDPOINT) return false;
    if (req.method !== "POST") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "POST" });
      return true;
    }
    const ip = clientAddress(req.headers, req.socket.remoteAddress, config) ?? "";
    if (!(await limiter.take(ip))) {
      sendText(res, 429, "Too Many Requests\n", { "Retry-After": String(REVALIDATE_RATE.seconds) });
      return true;
    }
    const authorization = req.headers.authorization;
    if (authorization === undefined || !/^Bearer /i.test(authorization)) {
      sendText(res, 401, "Unauthorized: Authorization: Bearer <REVALIDATE_SECRET>\n", {
        "WWW-Authenticate": 'Bearer realm="revalidate"',
      });
      return true;
    }
    if (!authorized(authorization, secret)) {
      logger.warn({ reqId: requestId, ip }, "revalidation refused: wrong secret");
      sendText(res, 403, "Forbidden: wrong secret\n");
      return true;
    }
    const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/json") {
      sendText(res, 415, "Unsupported Media Type: application/json\n");
      return true;
    }
    const body = await readJsonBody(req, res, MAX_REVALIDATE_BYTES);
    if (body === null) return true;
    const request = parsePurge(body.value);
    if ("error" in request) {
      sendText(res, 400, `Bad Request: ${request.error}\n`);
      return true;
    }
    const { pages, replicas, confirmed, problem } = await purge(request);
    const done = { [request.kind]: request.names, pages, replicas };
    const complete = problem === null;
    if (complete) {
      logger.info({ reqId: requestId, ...done }, "revalidated on demand");
    } else {
      logger.warn(
        { reqId: requestId, ...done, confirmed, problem },
        "revalidation on demand not confirmed everywhere",
      );
    }
    const answer = JSON.stringify(
      complete
        ? { revalidated: true, ...done }
        : {
            revalidated: false,
            ...done,
            confirmed,
            error: `${problem}; asking again is safe`,
          },
    );
    res.writeHead(complete ? 200 : 503, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(answer),
      "Cache-Control": "no-store",
      ...(!complete && { "Retry-After": "5" }),
    });
    res.end(answer);
    return true;
  };
}
