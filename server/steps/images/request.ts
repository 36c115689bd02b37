/**
 * What an image request may ask for: the policy, as a pure function of the
 * query string. Everything the optimizer does starts from a request this
 * function accepted; anything else is a 400 with its one-line reason.
 */
import { IMAGE_WIDTHS } from "../../../app/images.ts";

export type ImageSource =
  | { readonly kind: "local"; readonly path: string }
  | { readonly kind: "remote"; readonly url: URL };

export interface ImageRequest {
  readonly source: ImageSource;
  readonly width: number;
  readonly quality: number;
}

export interface ImageRequestPolicy {
  /** Qualities a page may ask for (IMAGE_QUALITIES). */
  readonly qualities: readonly number[];
  /** Origins remote sources may come from (IMAGE_REMOTE_ORIGINS); none by default. */
  readonly remoteOrigins: readonly string[];
  /** The site's own remote sources (next.config's `images.remotePatterns` and `domains`). */
  readonly remotePatterns?: (url: URL) => boolean;
}

/** Whether a remote source is allowed: its origin in IMAGE_REMOTE_ORIGINS, or the site's patterns. */
export function remoteSourceAllowed(
  url: URL,
  policy: Pick<ImageRequestPolicy, "remoteOrigins" | "remotePatterns">,
): boolean {
  return policy.remoteOrigins.includes(url.origin) || (policy.remotePatterns?.(url) ?? false);
}

export type ParsedImageRequest =
  | { readonly ok: true; readonly request: ImageRequest }
  | { readonly ok: false; readonly reason: string };

const PARAMETERS = new Set(["src", "w", "q"]);
/** Longer than any path of the public folder or sane image URL. */
const MAX_SRC_LENGTH = 2048;

const refuse = (reason: string): ParsedImageRequest => ({ ok: false, reason });

function onlyOne(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  return values.length === 1 ? values[0]! : null;
}

function parseSource(src: string, policy: ImageRequestPolicy): ImageSource | string {
  if (src.length > MAX_SRC_LENGTH) return `src is longer than ${MAX_SRC_LENGTH} characters`;
  // A path of the public folder: looked up in its index, so no path trick can leave it.
  if (src.startsWith("/") && !src.startsWith("//") && !src.includes("\\")) {
    if (/[?#]/.test(src)) return "src must be a path without a query or fragment";
    return { kind: "local", path: src };
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return "src must be a path of the public folder (/images/a.jpg) or an http(s) URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "src must be a path of the public folder (/images/a.jpg) or an http(s) URL";
  }
  if (url.username || url.password) return "src must not carry credentials";
  if (!remoteSourceAllowed(url, policy)) {
    return policy.remoteOrigins.length === 0 && policy.remotePatterns === undefined
      ? "remote sources are off (IMAGE_REMOTE_ORIGINS is empty)"
      : `remote source ${url.origin} is not in IMAGE_REMOTE_ORIGINS or the site's images.remotePatterns`;
  }
  url.hash = "";
  return { kind: "remote", url };
}

/** `?src=&w=&q=`, each exactly once, nothing else. */
export function parseImageRequest(search: string, policy: ImageRequestPolicy): ParsedImageRequest {
  const query = new URLSearchParams(search);
  for (const name of query.keys()) {
    if (!PARAMETERS.has(name)) return refuse(`unknown parameter "${name}" (expected src, w, q)`);
  }
  const src = onlyOne(query, "src");
  const w = onlyOne(query, "w");
  const q = onlyOne(query, "q");
  if (src === null || src === "") return refuse("src is required, once");
  if (w === null) return refuse("w is required, once");
  if (q === null) return refuse("q is required, once");

  const width = /^[1-9]\d{0,4}$/.test(w) ? Number(w) : NaN;
  if (!IMAGE_WIDTHS.includes(width)) {
    return refuse(`w must be one of ${IMAGE_WIDTHS.join(", ")}`);
  }
  const quality = /^[1-9]\d{0,2}$/.test(q) ? Number(q) : NaN;
  if (!policy.qualities.includes(quality)) {
    return refuse(`q must be one of ${policy.qualities.join(", ")}`);
  }
  const source = parseSource(src, policy);
  if (typeof source === "string") return refuse(source);
  return { ok: true, request: { source, width, quality } };
}
