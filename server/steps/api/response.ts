/**
 * The helpers Next.js adds to an API route's answer (`res.status`, `.send`,
 * `.json`, `.redirect`, `.revalidate`, and preview and draft modes'
 * `.setPreviewData`, `.clearPreviewData`, `.setDraftMode`), with Next.js's
 * semantics, on Node's own ServerResponse: whatever the handler writes itself
 * goes out as written.
 */
import { hash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Stream } from "node:stream";
import type { NextApiResponse } from "../../../app/next/api-route.ts";
import { etagMatches } from "../../platform/exchange.ts";
import {
  clearedPreviewCookies,
  draftModeCookie,
  previewCookies,
  previewOptionsOf,
  sealPreviewData,
  type PreviewKeys,
} from "../../../app/next/preview/mode.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** What `res.revalidate(path)` does: drops the kept copies of the page, or throws saying why not. */
export type Revalidate = (urlPath: string) => Promise<void>;

/** Sends `body` as Next.js's `res.send` does. */
function send(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  if (body === null || body === undefined) {
    res.end();
    return;
  }
  // No body with these, whatever was asked.
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.removeHeader("Transfer-Encoding");
    res.end();
    return;
  }
  if (body instanceof Stream) {
    if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", "application/octet-stream");
    body.pipe(res);
    return;
  }
  const bytes = Buffer.isBuffer(body);
  const jsonLike = !bytes && ["object", "number", "boolean"].includes(typeof body);
  const payload: string | Buffer = bytes ? body : jsonLike ? JSON.stringify(body) : String(body);
  // An entity tag, as Next.js gives one: a GET that names it again gets a 304.
  const etag = `"${hash("sha1", payload, "base64url")}"`;
  res.setHeader("ETag", etag);
  if (
    (req.method === "GET" || req.method === "HEAD") &&
    etagMatches(req.headers["if-none-match"], etag)
  ) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  if (bytes && !res.hasHeader("Content-Type")) {
    res.setHeader("Content-Type", "application/octet-stream");
  }
  if (jsonLike) res.setHeader("Content-Type", JSON_TYPE);
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

/** The keys preview and draft modes need, or the error that says how to give them. */
function keysOf(keys: PreviewKeys | null, method: string): PreviewKeys {
  if (keys !== null) return keys;
  throw new Error(
    `res.${method}() needs PREVIEW_SECRET in the server's environment (16 to 256 printable characters, no spaces): it signs the cookies of preview and draft modes`,
  );
}

/** `res` with Next.js's helpers: the same object, as the handler expects it. */
export function apiResponse(
  req: IncomingMessage,
  res: ServerResponse,
  revalidate: Revalidate,
  preview: PreviewKeys | null = null,
): NextApiResponse {
  const api = res as NextApiResponse;
  api.status = (statusCode: number) => {
    res.statusCode = statusCode;
    return api;
  };
  api.send = (body: unknown) => send(req, res, body);
  api.json = (body: unknown) => {
    res.setHeader("Content-Type", JSON_TYPE);
    send(req, res, JSON.stringify(body));
  };
  api.redirect = ((statusOrUrl: number | string, url?: string) => {
    const [status, location] =
      typeof statusOrUrl === "string" ? [307, statusOrUrl] : [statusOrUrl, url];
    if (typeof status !== "number" || typeof location !== "string") {
      throw new Error(
        "res.redirect takes a URL, or a status and a URL: res.redirect('/to') or res.redirect(308, '/to')",
      );
    }
    res.writeHead(status, { Location: location });
    res.end(location);
    return api;
  }) as NextApiResponse["redirect"];
  api.revalidate = (urlPath: string) => {
    if (typeof urlPath !== "string" || !urlPath.startsWith("/")) {
      return Promise.reject(
        new Error(`res.revalidate takes a path, as /blog/post-1; it was given ${String(urlPath)}`),
      );
    }
    return revalidate(urlPath);
  };
  // Next.js's preview and draft modes (app/next/preview/mode.ts): cookies added to any set.
  const addCookies = (cookies: string[]) => res.appendHeader("Set-Cookie", cookies);
  let cleared = false;
  Object.assign(api, {
    setPreviewData(data: unknown, given?: unknown) {
      const keys = keysOf(preview, "setPreviewData");
      const options = previewOptionsOf(given, "setPreviewData");
      const token = sealPreviewData(keys, data, options.maxAge, Date.now());
      addCookies(previewCookies(keys, token, options));
      return api;
    },
    clearPreviewData(given?: unknown) {
      // Once per answer, as in Next.js.
      if (cleared) return api;
      cleared = true;
      addCookies(clearedPreviewCookies(previewOptionsOf(given, "clearPreviewData").path));
      return api;
    },
    setDraftMode(options: { enable?: unknown } = {}) {
      const keys = keysOf(preview, "setDraftMode");
      addCookies([draftModeCookie(keys, options?.enable !== false)]);
      return api;
    },
  });
  return api;
}
