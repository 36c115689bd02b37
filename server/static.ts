import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { etagMatches, sendText, type Step } from "./exchange.ts";

/** Vite names every file under /assets/ by its content hash, so it never changes. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Other public files (favicon.ico, robots.txt) keep their names across deploys. */
export const REVALIDATE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

// Files up to this size are answered from memory; larger ones are streamed from disk.
const MEMORY_LIMIT_BYTES = 1 << 20;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

interface StaticFile {
  readonly absolutePath: string;
  readonly body: Buffer | null;
  readonly headers: Readonly<Record<string, string | number>>;
  readonly etag: string;
}

export type StaticFiles = ReadonlyMap<string, StaticFile>;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Indexes the build's public folder once, at start-up. A request can only ever
 * name a file in this index, so no path trick (`..`, encoded slashes, symlinks)
 * can reach a file outside the folder.
 */
export async function loadStaticFiles(publicDir: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  for await (const absolutePath of walk(publicDir)) {
    const urlPath = "/" + relative(publicDir, absolutePath).split(sep).join("/");
    const { size } = await stat(absolutePath);
    const body = size <= MEMORY_LIMIT_BYTES ? await readFile(absolutePath) : null;
    const etag = `"${createHash("sha1")
      .update(body ?? `${absolutePath}:${size}`)
      .digest("base64url")}"`;
    files.set(urlPath, {
      absolutePath,
      body,
      etag,
      headers: {
        "Content-Type": CONTENT_TYPES[extname(urlPath).toLowerCase()] ?? "application/octet-stream",
        "Content-Length": size,
        "Cache-Control": urlPath.startsWith("/assets/")
          ? IMMUTABLE_CACHE_CONTROL
          : REVALIDATE_CACHE_CONTROL,
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return files;
}

/**
 * Serves files of the public folder. A miss under /assets/ is a plain 404: a
 * script tag must never receive an HTML page.
 */
export function staticFiles(files: StaticFiles): Step {
  return ({ req, res, decodedPath }) => {
    const file = files.get(decodedPath);
    if (!file) {
      if (!decodedPath.startsWith("/assets/")) return false;
      sendText(res, 404, "Not Found\n");
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
      return true;
    }
    if (etagMatches(req.headers["if-none-match"], file.etag)) {
      res.writeHead(304, { ETag: file.etag, "Cache-Control": file.headers["Cache-Control"]! });
      res.end();
      return true;
    }
    res.writeHead(200, file.headers);
    if (req.method === "HEAD") res.end();
    else if (file.body) res.end(file.body);
    // A failed read ends the response early; the client sees a truncated body, never a hang.
    else pipeline(createReadStream(file.absolutePath), res, () => {});
    return true;
  };
}
