/**
 * The Content-Security-Policy of HTML answers. Scripts run only from this
 * origin, or inline when the policy names them: by a nonce drawn for each
 * response of a page rendered per request, or by the hashes of the inline
 * scripts of a page rendered once (its bytes are the same for every visitor, so
 * a nonce in it would be the same for every visitor: no nonce at all).
 */
import { createHash, randomFillSync } from "node:crypto";
import { REPORT_ENDPOINT } from "../../app/routing/reporting.ts";

/** Directives a deployment may add sources to (CSP_EXTRA). */
export const EXTENSIBLE_DIRECTIVES = [
  "default-src",
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "media-src",
  "frame-src",
  "worker-src",
  "manifest-src",
] as const;
type Extensible = (typeof EXTENSIBLE_DIRECTIVES)[number];

export interface CspOptions {
  /** Who may frame the pages: `'none'` by default (CSP_FRAME_ANCESTORS). */
  readonly frameAncestors: readonly string[];
  /** Sources added to directives (CSP_EXTRA), e.g. an image CDN to img-src. */
  readonly extra: Readonly<Partial<Record<Extensible, readonly string[]>>>;
  /** Report, don't enforce (CSP_REPORT_ONLY). */
  readonly reportOnly: boolean;
  /**
   * Where the build's scripts come from besides this origin (assetSourcesOf);
   * allowed to scripts and to the prefetcher's fetches, nowhere else.
   */
  readonly assetSources?: readonly string[];
  /** Where violations are reported: the report endpoint below the site's base path. Default: REPORT_ENDPOINT. */
  readonly reportEndpoint?: string;
}

/**
 * Where a build's scripts come from besides this origin: its public path when
 * that is a URL (site.config.ts's assetPrefix, or ASSET_PREFIX at the build),
 * as a source with its path, so no wider; none for files served here.
 */
export function assetSourcesOf(publicPath: string): string[] {
  return /^https?:\/\//i.test(publicPath)
    ? [publicPath.endsWith("/") ? publicPath : `${publicPath}/`]
    : [];
}

/** A source expression, as CSP_EXTRA and CSP_FRAME_ANCESTORS accept it: no quotes but keywords, no separators. */
const SOURCE =
  /^(?:'(?:self|none|unsafe-inline|wasm-unsafe-eval|strict-dynamic)'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::\d{1,5}|:\*)?(?:\/[\w./-]*)?|\*)$/i;

export function isSourceExpression(value: string): boolean {
  return SOURCE.test(value);
}

/**
 * Parses CSP_EXTRA: `directive source source; directive source`.
 * @throws Error naming the first part it cannot take.
 */
export function parseExtraSources(raw: string): CspOptions["extra"] {
  const extra: Partial<Record<Extensible, string[]>> = {};
  for (const part of raw.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name === undefined) continue;
    if (!(EXTENSIBLE_DIRECTIVES as readonly string[]).includes(name)) {
      throw new Error(`"${name}" is not one of ${EXTENSIBLE_DIRECTIVES.join(", ")}`);
    }
    if (sources.length === 0) throw new Error(`"${name}" names no source`);
    for (const source of sources) {
      if (!isSourceExpression(source)) throw new Error(`"${source}" is not a source expression`);
    }
    extra[name as Extensible] = [...(extra[name as Extensible] ?? []), ...sources];
  }
  return extra;
}

const BASE: Readonly<Record<string, readonly string[]>> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // React sets style attributes; styles cannot run code.
  "style-src": ["'self'", "'unsafe-inline'"],
  // The image optimizer is on this origin; data: and blob: for what the page makes itself.
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
};

/** The policy for one answer, given what allows its inline scripts: a nonce source, or hash sources. */
export function contentSecurityPolicy(
  inlineScripts: readonly string[],
  options: Pick<CspOptions, "frameAncestors" | "extra" | "assetSources" | "reportEndpoint">,
  reportUri: string = options.reportEndpoint ?? REPORT_ENDPOINT,
): string {
  const directives: [string, readonly string[]][] = Object.entries(BASE).map(([name, sources]) => [
    name,
    [
      ...sources,
      // The scripts, and the prefetcher's fetches of them into the HTTP cache.
      ...(name === "script-src" || name === "connect-src" ? (options.assetSources ?? []) : []),
      ...(name === "script-src" ? inlineScripts : []),
      ...(options.extra[name as Extensible] ?? []),
    ],
  ]);
  for (const [name, sources] of Object.entries(options.extra)) {
    if (!(name in BASE)) directives.push([name, sources]);
  }
  directives.push(["frame-ancestors", options.frameAncestors]);
  // Violations are reported to this server's log (server/steps/reports.ts).
  directives.push(["report-uri", [reportUri]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * The policy of pages rendered per request, made once: each response adds its
 * nonce, and its request id to the report URI, so a violation's log line names
 * the page's request.
 */
export function noncePolicy(
  options: Pick<CspOptions, "frameAncestors" | "extra" | "assetSources" | "reportEndpoint">,
): (nonce: string, requestId: string) => string {
  const nonceMarker = "'nonce-\u0000'";
  const idMarker = "\u0001";
  const policy = contentSecurityPolicy(
    [nonceMarker],
    options,
    `${options.reportEndpoint ?? REPORT_ENDPOINT}?page=${idMarker}`,
  );
  const [start, rest] = policy.split(nonceMarker) as [string, string];
  const [middle, end] = rest.split(idMarker) as [string, string];
  return (nonce, requestId) =>
    `${start}${nonceSource(nonce)}${middle}${encodeURIComponent(requestId)}${end}`;
}

export const cspHeaderName = (reportOnly: boolean) =>
  reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";

const NONCE_BYTES = 16;
// Drawn from the system's generator in batches, as Node's randomUUID does: one
// call per 256 nonces instead of one per response (1.5 % of a page's CPU).
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A fresh nonce: 128 random bits, base64, never handed out twice. */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

// An inline script: a <script> with no src, up to its end tag (React escapes "</script" inside).
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hash sources of every inline script of a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
  }
  return [...hashes];
}
