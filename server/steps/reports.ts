/**
 * The report endpoint (app/routing/reporting.ts): Content-Security-Policy
 * violations and client exceptions, from this origin's pages only. Each report
 * is logged once, at warn, with the id of the page's request where it is known;
 * nothing of it is ever sent back. Bounded: a size cap, and a rate per client
 * address.
 */
import {
  MAX_REPORT_BYTES,
  REFERENCE,
  REPORT_ENDPOINT,
  withoutQuery,
} from "../../app/routing/reporting.ts";
import type { Config } from "../platform/config.ts";
import { readJsonBody, sendText, type Step } from "../platform/exchange.ts";
import { clientAddress, requestOrigin } from "../platform/forwarded.ts";
import type { Logger } from "../platform/logger.ts";
import { rateLimit, type RateLimit } from "../platform/rate-limit.ts";
import { reportCounters, type ReportCounters } from "../telemetry/metrics.ts";

/** One report, as logged: short strings only, URLs without their query. */
export type Report =
  | {
      readonly kind: "csp-violation";
      readonly documentUrl: string;
      readonly directive: string;
      readonly blocked: string;
      readonly source: string;
      readonly line: number | null;
      readonly disposition: string;
    }
  | {
      readonly kind: "client-error";
      readonly reference: string | null;
      /** The request id of the page's document, when it is one. */
      readonly page: string | null;
      readonly message: string;
      readonly stack: string;
      readonly route: string;
      readonly buildId: string;
      readonly url: string;
    };

/** A page's request id, as the server makes them (or takes them, under TRUST_PROXY). */
const REQUEST_ID = /^[\w.-]{1,64}$/;

const MAX_TEXT = 500;
const MAX_STACK = 2000;
const MAX_STACK_LINES = 20;
/** Reports in one Reporting API batch that are read; the rest are dropped. */
const MAX_BATCH = 10;

/** A string field, control characters removed, cut to `max` characters. */
function text(value: unknown, max = MAX_TEXT): string {
  if (typeof value !== "string") return "";
  const clean = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const url = (value: unknown) => text(withoutQuery(text(value, 2000)));

function stack(value: unknown): string {
  return text(
    text(value, MAX_STACK * 2)
      .split("\n")
      .slice(0, MAX_STACK_LINES)
      .join("\n"),
    MAX_STACK,
  );
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

function cspViolation(body: Record<string, unknown>, names: "legacy" | "reporting"): Report {
  const field = (legacy: string, reporting: string) =>
    body[names === "legacy" ? legacy : reporting];
  const line = Number(field("line-number", "lineNumber"));
  return {
    kind: "csp-violation",
    documentUrl: url(field("document-uri", "documentURL")),
    directive: text(
      field("effective-directive", "effectiveDirective") ??
        field("violated-directive", "effectiveDirective"),
      100,
    ),
    blocked: url(field("blocked-uri", "blockedURL")),
    source: url(field("source-file", "sourceFile")),
    line: Number.isInteger(line) && line >= 0 ? line : null,
    disposition: text(field("disposition", "disposition"), 20),
  };
}

/**
 * The reports in a body, by its content type; empty when it holds none we
 * know. Pure: table-tested in tests/unit/reports.test.ts.
 */
export function readReports(contentType: string, body: unknown): Report[] {
  if (contentType === "application/csp-report") {
    const report = record(record(body)?.["csp-report"]);
    return report ? [cspViolation(report, "legacy")] : [];
  }
  if (contentType === "application/reports+json") {
    if (!Array.isArray(body)) return [];
    return body
      .slice(0, MAX_BATCH)
      .map(record)
      .filter((entry) => entry?.type === "csp-violation" && record(entry.body))
      .map((entry) => cspViolation(record(entry!.body)!, "reporting"));
  }
  if (contentType === "application/json") {
    const report = record(body);
    if (report?.type !== "client-error") return [];
    const reference = text(report.reference, 8);
    return [
      {
        kind: "client-error",
        reference: REFERENCE.test(reference) ? reference : null,
        page: typeof report.page === "string" && REQUEST_ID.test(report.page) ? report.page : null,
        message: text(report.message),
        stack: stack(report.stack),
        route: text(report.route, 200),
        buildId: text(report.buildId, 100),
        url: url(report.url),
      },
    ];
  }
  return [];
}

/** Reports per client address and window (per replica, or every replica's with CACHE_URL). */
export const REPORT_RATE = { points: 20, seconds: 60 } as const;

export const REPORT_CONTENT_TYPES = [
  "application/csp-report",
  "application/reports+json",
  "application/json",
] as const;

/**
 * Whether a browser says the report comes from another site. `Sec-Fetch-Site`,
 * which pages cannot set, decides when it is there; otherwise an `Origin` that
 * is not the request's own. A client that sends neither is no browser on
 * another site.
 */
export function isCrossSite(
  origin: string | undefined,
  fetchSite: string | undefined,
  own: string,
): boolean {
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none";
  return origin !== undefined && origin !== own;
}

export function reports(
  config: Pick<Config, "trustProxy" | "publicOrigin">,
  logger: Logger,
  limiter: RateLimit = rateLimit("report", REPORT_RATE),
  counters: ReportCounters = reportCounters(),
): Step {
  return async ({ req, res, requestId, decodedPath, rawSearch }) => {
    if (decodedPath !== REPORT_ENDPOINT) return false;
    if (req.method !== "POST") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "POST" });
      return true;
    }
    const origin = requestOrigin(req.headers, config);
    const own = origin && `${origin.protocol}//${origin.host}`;
    const fetchSite = req.headers["sec-fetch-site"];
    if (!own || isCrossSite(req.headers.origin, fetchSite, own)) {
      sendText(res, 403, "Forbidden: reports are taken from this site's pages only\n");
      return true;
    }
    const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!(REPORT_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      sendText(res, 415, `Unsupported Media Type: ${REPORT_CONTENT_TYPES.join(", ")}\n`);
      return true;
    }
    // Refused by its announced size before it costs the client a token.
    if (Number(req.headers["content-length"] ?? 0) > MAX_REPORT_BYTES) {
      sendText(res, 413, "Content Too Large\n", { Connection: "close" });
      return true;
    }
    const ip = clientAddress(req.headers, req.socket.remoteAddress, config) ?? "";
    if (!(await limiter.take(ip))) {
      counters.dropped++;
      sendText(res, 429, "Too Many Requests\n", { "Retry-After": String(REPORT_RATE.seconds) });
      return true;
    }
    const body = await readJsonBody(req, res, MAX_REPORT_BYTES);
    if (body === null) return true;
    const found = readReports(contentType, body.value);
    if (found.length === 0) {
      sendText(res, 400, "Bad Request: no report of a known kind\n");
      return true;
    }
    // The page's own request id: the policy's report-uri carries it, the notice sends it.
    const fromUri = /^\?page=([\w.-]{1,64})$/.exec(rawSearch)?.[1];
    counters.taken += found.length;
    for (const report of found) {
      const pageReqId = fromUri ?? (report.kind === "client-error" ? report.page : null);
      logger.warn(
        { reqId: requestId, ...(pageReqId && { pageReqId }), report },
        report.kind === "csp-violation" ? "csp violation reported" : "client exception reported",
      );
    }
    res.writeHead(204, { "Cache-Control": "no-store" });
    res.end();
    return true;
  };
}
