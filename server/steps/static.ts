import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { BUILD_FILES_PREFIX } from "../../app/routing/canonical-url.ts";
import { negotiateEncoding, type Encoding } from "../pages/compression.ts";
import { etagMatches, sendText, type Step } from "../platform/exchange.ts";

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

/** One encoding of a file: the file itself, or a variant compressed at build time. */
interface Representation {
  readonly absolutePath: string;
  readonly body: Buffer | null;
  readonly headers: Readonly<Record<string, string | number>>;
  readonly etag: string;
}

interface StaticFile {
  readonly identity: Representation;
  /** Written beside the file by scripts/precompress.ts: `x.js.br`, `x.js.gz`. */
  readonly encoded: ReadonlyMap<Encoding, Representation>;
}

export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** The file extension of each build-time variant. */
export const VARIANT_EXTENSIONS: Readonly<Record<"br" | "gzip", string>> = {
  br: ".br",
  gzip: ".gz",
};

/** The `Content-Type` a file is served with, from its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function representation(
  absolutePath: string,
  headers: Record<string, string | number>,
  etagSuffix: string,
): Promise<Representation> {
  const { size } = await stat(absolutePath);
  const body = size <= MEMORY_LIMIT_BYTES ? await readFile(absolutePath) : null;
  const digest = createHash("sha1")
    .update(body ?? `${absolutePath}:${size}`)
    .digest("base64url");
  // Each encoding has its own tag: a cache must never answer gzip for brotli.
  const etag = `"${digest}${etagSuffix}"`;
  return { absolutePath, body, etag, headers: { ...headers, "Content-Length": size, ETag: etag } };
}

/**
 * Indexes the build's public folder once, at start-up. A request can only ever
 * name a file in this index, so no path trick (`..`, encoded slashes, symlinks)
 * can reach a file outside the folder. A file's compressed variants are part of
 * its entry, not files of their own.
 */
export async function loadStaticFiles(publicDir: string): Promise<StaticFiles> {
  const paths = new Set<string>();
  for await (const absolutePath of walk(publicDir)) paths.add(absolutePath);
  const isVariant = (path: string) =>
    Object.values(VARIANT_EXTENSIONS).some(
      (ext) => path.endsWith(ext) && paths.has(path.slice(0, -ext.length)),
    );
  const files = new Map<string, StaticFile>();
  for (const absolutePath of paths) {
    if (isVariant(absolutePath)) continue;
    const urlPath = "/" + relative(publicDir, absolutePath).split(sep).join("/");
    const headers = {
      "Content-Type": contentTypeOf(urlPath),
      "Cache-Control": urlPath.startsWith(BUILD_FILES_PREFIX)
        ? IMMUTABLE_CACHE_CONTROL
        : REVALIDATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    };
    const encoded = new Map<Encoding, Representation>();
    for (const [encoding, ext] of Object.entries(VARIANT_EXTENSIONS) as ["br" | "gzip", string][]) {
      if (!paths.has(absolutePath + ext)) continue;
      encoded.set(
        encoding,
        await representation(
          absolutePath + ext,
          { ...headers, "Content-Encoding": encoding, Vary: "Accept-Encoding" },
          `-${encoding}`,
        ),
      );
    }
    const varies: Record<string, string> = encoded.size > 0 ? { Vary: "Accept-Encoding" } : {};
    files.set(urlPath, {
      identity: await representation(absolutePath, { ...headers, ...varies }, ""),
      encoded,
    });
  }
  return files;
}

/**
 * The file steps in Next.js's order (`assets` serves both kinds): the client
 * build's own files, and in development Vite's, before anything else; the
 * public folder's files after the site's redirects, its middleware and its
 * `beforeFiles` rewrites, as Next.js serves them, so a middleware can guard
 * one and a redirect or rewrite can take its path. `files` are the public
 * folder's (in a build, copied among the client build's).
 */
export function fileSteps(
  assets: Step,
  files: { has(path: string): boolean },
): { build: Step; public: Step } {
  const isPublic = (path: string) => files.has(path) && !path.startsWith(BUILD_FILES_PREFIX);
  return {
    build: (exchange) => (isPublic(exchange.decodedPath) ? false : assets(exchange)),
    public: (exchange) => (isPublic(exchange.decodedPath) ? assets(exchange) : false),
  };
}

/**
 * Serves files of the public folder, compressed as the client accepts when a
 * build-time variant exists (none when `compression` is off). A miss under
 * /assets/ is a plain 404: a script tag must never receive an HTML page.
 */
export function staticFiles(files: StaticFiles, { compression }: { compression: boolean }): Step {
  return ({ req, res, decodedPath }) => {
    const file = files.get(decodedPath);
    if (!file) {
      if (!decodedPath.startsWith(BUILD_FILES_PREFIX)) return false;
      sendText(res, 404, "Not Found\n");
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
      return true;
    }
    const encoding =
      compression && file.encoded.size > 0
        ? negotiateEncoding(req.headers["accept-encoding"], [...file.encoded.keys()])
        : "identity";
    const chosen = (encoding !== "identity" && file.encoded.get(encoding)) || file.identity;
    if (etagMatches(req.headers["if-none-match"], chosen.etag)) {
      res.writeHead(304, {
        ETag: chosen.etag,
        "Cache-Control": chosen.headers["Cache-Control"]!,
        ...(file.encoded.size > 0 && { Vary: "Accept-Encoding" }),
      });
      res.end();
      return true;
    }
    res.writeHead(200, chosen.headers);
    if (req.method === "HEAD") res.end();
    else if (chosen.body) res.end(chosen.body);
    // A failed read ends the response early; the client sees a truncated body, never a hang.
    else pipeline(createReadStream(chosen.absolutePath), res, () => {});
    return true;
  };
}
