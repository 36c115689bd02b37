/**
 * Next.js's preview and draft modes: the cookies that turn them on, as
 * Next.js names and writes them, and what a request's cookies say. One place
 * for the rule: the server's step that reads a request's cookies
 * (server/steps/preview/) and an API route's `res.setPreviewData`,
 * `res.clearPreviewData` and `res.setDraftMode` (server/steps/api/) both call it.
 *
 * - `__prerender_bypass` holds the site's preview id: alone, it is draft mode.
 * - `__next_preview_data` holds the preview data, sealed: AES-256-GCM (encrypted
 *   and authenticated, so a client can neither read nor forge it), with its
 *   expiry (`maxAge`) inside. With the first, it is preview mode.
 *
 * Where Next.js derives its keys at each build, the shell derives them from
 * one secret (PREVIEW_SECRET): every replica and every build of a release
 * accepts the cookies the others set, so a rolling deploy ends no one's preview.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export const BYPASS_COOKIE = "__prerender_bypass";
export const DATA_COOKIE = "__next_preview_data";

/** Next.js's limit on a sealed preview data cookie, in characters. */
export const PREVIEW_DATA_MAX_CHARS = 2048;

/** What a request's cookies turn on; absent: neither mode. */
export type PreviewMode =
  { readonly kind: "draft" } | { readonly kind: "preview"; readonly data: unknown };

/** A request's cookies read: a mode, none, or cookies that are not valid and are to be cleared. */
export type PreviewCookiesRead =
  PreviewMode | { readonly kind: "off" } | { readonly kind: "clear" };

export interface PreviewKeys {
  /** The value of the bypass cookie: not secret in itself, but only the site's server knows it. */
  readonly id: string;
  readonly key: Buffer;
}

/** The keys of a secret: derived, never the secret itself. */
export function previewKeys(secret: string): PreviewKeys {
  const derive = (info: string, bytes: number) =>
    Buffer.from(hkdfSync("sha256", secret, "next-preview-mode", info, bytes));
  return { id: derive("id", 16).toString("hex"), key: derive("data", 32) };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The preview data cookie's value for `data`, valid `maxAgeS` seconds (or as
 * long as the browser keeps it). Throws, as Next.js throws, past 2 KB.
 */
export function sealPreviewData(
  keys: PreviewKeys,
  data: unknown,
  maxAgeS: number | undefined,
  now: number,
): string {
  const payload = JSON.stringify({
    data,
    ...(maxAgeS !== undefined && { exp: Math.floor(now / 1000) + maxAgeS }),
  });
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.key, iv);
  const sealed = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  const token = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  if (token.length > PREVIEW_DATA_MAX_CHARS) {
    throw new Error(
      "Preview data is limited to 2KB currently, reduce how much data you are storing as preview data to continue",
    );
  }
  return token;
}

/** The data sealed in `token`, or null when it is not ours, was altered, or has expired. */
function openPreviewData(keys: PreviewKeys, token: string, now: number): { data: unknown } | null {
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keys.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const payload = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
    const parsed = JSON.parse(payload) as { data: unknown; exp?: number };
    if (parsed.exp !== undefined && parsed.exp * 1000 <= now) return null;
    return { data: parsed.data };
  } catch {
    return null;
  }
}

/**
 * What a request's cookies say, as Next.js reads them: the bypass cookie alone
 * and ours is draft mode; with valid preview data, preview mode; neither, off.
 * Anything else (one without the other, another site's id, data altered or
 * expired) is to be cleared. `keys` null (no secret): no cookie is valid.
 */
export function readPreviewCookies(
  keys: PreviewKeys | null,
  cookies: Readonly<Record<string, string>>,
  now: number,
): PreviewCookiesRead {
  const bypass = cookies[BYPASS_COOKIE];
  const token = cookies[DATA_COOKIE];
  if (bypass === undefined && token === undefined) return { kind: "off" };
  if (keys === null || bypass !== keys.id) return { kind: "clear" };
  if (token === undefined) return { kind: "draft" };
  const opened = openPreviewData(keys, token, now);
  return opened === null ? { kind: "clear" } : { kind: "preview", data: opened.data };
}

const EXPIRED = "Expires=Thu, 01 Jan 1970 00:00:00 GMT";

/** A cookie of these modes, with Next.js's attributes (in its order): sent cross-site, never to scripts. */
function cookie(
  name: string,
  value: string,
  { maxAge, path = "/", expired = false }: CookieOptions,
) {
  return [
    `${name}=${value}`,
    ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    `Path=${path}`,
    ...(expired ? [EXPIRED] : []),
    "HttpOnly",
    "Secure",
    "SameSite=None",
  ].join("; ");
}

interface CookieOptions {
  readonly maxAge?: number;
  readonly path?: string;
  readonly expired?: boolean;
}

/** The options of `res.setPreviewData(data, options)`, checked. */
export interface PreviewOptions {
  readonly maxAge?: number;
  readonly path?: string;
}

/** Reads `res.setPreviewData`'s or `res.clearPreviewData`'s options, or throws naming what is wrong. */
export function previewOptionsOf(options: unknown, method: string): PreviewOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") {
    throw new TypeError(`res.${method}(): its options must be an object: { maxAge, path }`);
  }
  const { maxAge, path } = options as Record<string, unknown>;
  const seconds = typeof maxAge === "string" && /^\d+$/.test(maxAge) ? Number(maxAge) : maxAge;
  if (
    seconds !== undefined &&
    (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 0)
  ) {
    throw new TypeError(
      `res.${method}(): maxAge must be a whole number of seconds, not ${JSON.stringify(maxAge)}`,
    );
  }
  if (path !== undefined && (typeof path !== "string" || !/^\/[^;\s]*$/.test(path))) {
    throw new TypeError(
      `res.${method}(): path must be a URL path starting with "/", not ${JSON.stringify(path)}`,
    );
  }
  return { ...(seconds !== undefined && { maxAge: seconds }), ...(path !== undefined && { path }) };
}

/** The two cookies of preview mode, holding `token` (sealPreviewData). */
export function previewCookies(
  keys: PreviewKeys,
  token: string,
  options: PreviewOptions,
): string[] {
  return [cookie(BYPASS_COOKIE, keys.id, options), cookie(DATA_COOKIE, token, options)];
}

/** The two cookies of preview mode, expired: both modes off. */
export function clearedPreviewCookies(path?: string): string[] {
  return [
    cookie(BYPASS_COOKIE, "", { path, expired: true }),
    cookie(DATA_COOKIE, "", { path, expired: true }),
  ];
}

/** Draft mode's cookie: set, or expired. */
export function draftModeCookie(keys: PreviewKeys, enable: boolean): string {
  return cookie(BYPASS_COOKIE, keys.id, { expired: !enable });
}
