/**
 * The image endpoint: `/_image?src=&w=&q=` resizes a public-folder (or
 * allowlisted remote) image to one of the default widths, in the best format
 * the browser accepts. Bounded everywhere: parameters from allowlists, inputs
 * by bytes and pixels, work by a concurrency limit, a memory budget and a
 * queue, results by an in-memory LRU and an optional disk cache, both by bytes.
 * A variant asked for by many at once is computed once.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type SharpModule from "sharp";
import { IMAGE_ENDPOINT } from "../../../app/images.ts";
import { BUILD_FILES_PREFIX } from "../../../app/routing/canonical-url.ts";
import { memoryCache } from "../../pages/cache/memory.ts";
import { etagMatches, sendText, type Exchange, type Step } from "../../platform/exchange.ts";
import type { Logger } from "../../platform/logger.ts";
import { IMMUTABLE_CACHE_CONTROL, type StaticFiles } from "../static.ts";
import type { DiskImageCache, StoredImage } from "./disk-cache.ts";
import { ImageSourceError } from "./errors.ts";
import { affordableFormat, type OutputFormat, type SourceHeader } from "./cost.ts";
import {
  acceptedFormats,
  CONTENT_TYPE_OF,
  isAnimatedPng,
  sniffImageType,
  type ModernFormat,
} from "./format.ts";
import { Limiter, QueueFullError } from "./limiter.ts";
import { imageCounters, type ImageCounters } from "../../telemetry/metrics.ts";
import { inSpan } from "../../telemetry/spans.ts";
import { context } from "@opentelemetry/api";
import {
  parseImageRequest,
  remoteSourceAllowed,
  type ImageRequest,
  type ImageRequestPolicy,
} from "./request.ts";
import { fetchRemoteImage, type RemoteFetchPolicy } from "./remote.ts";

export interface ImageOptimizerOptions extends ImageRequestPolicy {
  /** Modern formats to answer in when accepted, in order of preference (IMAGE_FORMATS). */
  readonly formats: readonly ModernFormat[];
  readonly memoryCacheMaxBytes: number;
  readonly diskCache: DiskImageCache | null;
  readonly maxInputPixels: number;
  readonly maxSourceBytes: number;
  readonly remoteTimeoutMs: number;
  readonly remoteAllowPrivate: boolean;
  /** Images transformed at once; each uses one libvips thread. */
  readonly concurrency: number;
  /**
   * The estimated memory (cost.ts) the transformations under way may take
   * together: from the process's memory plan (server/platform/memory-plan.ts).
   */
  readonly transformBudgetBytes: number;
  /** Requests waiting for a transformation beyond which a 503 answers at once. */
  readonly maxQueued: number;
  /** Where what it does is counted, for the metrics. */
  readonly counters?: ImageCounters;
}

/**
 * Answers from sources that are not named by content: an hour, so a replaced
 * file shows within the hour. Sources under /assets/ are named by their hash.
 */
export const IMAGE_CACHE_CONTROL = "public, max-age=3600";
const REMOTE_TTL_MS = 3600_000;
/**
 * Served on every answer, SVG above all: opened directly, an SVG must not run
 * scripts or load anything.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * AVIF reaches WebP's look at a lower nominal quality: 5/8 of it, the ratio of
 * sharp's defaults (AVIF 50, WebP 80), which Next.js uses too, checked there with
 * dssim and ssimulacra2. Effort 3 (libvips' default is 4): on
 * site/public/images/valley.jpg, 4 took 2.5 to 21 s per variant; 3 takes 0.04 to 0.3 s
 * up to 1080 px, and effort 2, a third faster, gave 2 to 15 % more bytes.
 */
const avifQuality = (quality: number) => Math.max(1, Math.round((quality * 5) / 8));
const AVIF_EFFORT = 3;

type Sharp = typeof SharpModule;
let sharpLoaded: Promise<Sharp> | undefined;

/**
 * sharp and libvips cost 23 MB of RSS once loaded, so they are loaded at the
 * first image to transform, not at start-up: an app without raster images
 * never pays. (The container test transforms an image on a read-only root.)
 */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per transformation (the limiter runs `concurrency` of them),
    // and no libvips operation cache: the optimizer caches its results itself.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

type Variant = StoredImage;

interface Source {
  readonly key: string;
  readonly immutable: boolean;
  readonly load: () => Promise<Buffer>;
}

const etagOf = (bytes: Buffer) => `"${createHash("sha1").update(bytes).digest("base64url")}"`;

/** Read from the header only: nothing is decoded before the transformation is admitted. */
async function readHeader(
  sharp: Sharp,
  bytes: Buffer,
  type: OutputFormat,
  maxInputPixels: number,
): Promise<{ header: SourceHeader; animated: boolean }> {
  const metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  const { pages = 1, width = 0, height = 0 } = metadata;
  const animated =
    type === "png"
      ? isAnimatedPng(bytes)
      : type === "avif"
        ? bytes.toString("latin1", 8, 12) === "avis"
        : (type === "gif" || type === "webp") && pages > 1;
  return {
    header: {
      type,
      width,
      height: metadata.pageHeight ?? height,
      progressive: metadata.isProgressive ?? false,
      orientation: metadata.orientation ?? 1,
    },
    animated,
  };
}

const MiB = 1 << 20;

async function transform(
  sharp: Sharp,
  bytes: Buffer,
  { width, quality }: ImageRequest,
  format: OutputFormat,
  maxInputPixels: number,
): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: maxInputPixels, sequentialRead: true })
    .rotate() // applies the EXIF orientation, which resizing would otherwise drop
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    case "avif":
      return image.avif({ quality: avifQuality(quality), effort: AVIF_EFFORT }).toBuffer();
    case "webp":
      return image.webp({ quality }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}

function unreadable(error: unknown, maxInputPixels: number): ImageSourceError {
  const message = (error as Error).message ?? "";
  if (/pixel limit/i.test(message)) {
    return new ImageSourceError(
      400,
      `the source has more than ${maxInputPixels} pixels (IMAGE_MAX_INPUT_PIXELS)`,
    );
  }
  return new ImageSourceError(400, "the source is not a readable image");
}

export interface ImageOptimizer {
  /** The endpoint, `/_image?src=&w=&q=`. */
  readonly step: Step;
  /**
   * One variant, as the endpoint answers it to a browser that sends `accept`,
   * from the same caches and under the same limits: rejects with an
   * ImageSourceError (the endpoint's 4xx) or a QueueFullError (its 503).
   */
  readonly variant: (
    request: ImageRequest,
    accept: string | undefined,
    requestId: string,
  ) => Promise<StoredImage>;
}

export function imageOptimizer(
  files: StaticFiles,
  options: ImageOptimizerOptions,
  logger: Logger,
): ImageOptimizer {
  const memory = memoryCache<Variant>(
    options.memoryCacheMaxBytes,
    (variant) => variant.bytes.length + 256,
  );
  const inFlight = new Map<string, Promise<Variant>>();
  const limiter = new Limiter(options.concurrency, options.maxQueued, options.transformBudgetBytes);
  const counters = options.counters ?? imageCounters();
  counters.queued = () => limiter.queued;
  const remotePolicy: RemoteFetchPolicy = {
    allowed: (url) => remoteSourceAllowed(url, options),
    maxBytes: options.maxSourceBytes,
    timeoutMs: options.remoteTimeoutMs,
    allowPrivateAddresses: options.remoteAllowPrivate,
  };

  function sourceOf(request: ImageRequest): Source {
    const { source } = request;
    if (source.kind === "remote") {
      return {
        key: `remote:${source.url.href}`,
        immutable: false,
        load: () => fetchRemoteImage(source.url, remotePolicy),
      };
    }
    const file = files.get(source.path);
    if (!file) throw new ImageSourceError(404, `no image ${source.path} in the public folder`);
    return {
      // The file's own tag: a new build with a changed file never gets the old variant.
      key: `local:${source.path}:${file.identity.etag}`,
      immutable: source.path.startsWith(BUILD_FILES_PREFIX),
      load: async () => {
        const size = Number(file.identity.headers["Content-Length"]);
        if (size > options.maxSourceBytes) {
          throw new ImageSourceError(
            400,
            `the source is larger than ${options.maxSourceBytes} bytes (IMAGE_MAX_SOURCE_BYTES)`,
          );
        }
        return file.identity.body ?? (await readFile(file.identity.absolutePath));
      },
    };
  }

  async function compute(
    request: ImageRequest,
    source: Source,
    accepted: readonly ModernFormat[],
    requestId: string,
  ): Promise<Variant> {
    const bytes = await source.load();
    const type = sniffImageType(bytes);
    if (type === null) {
      throw new ImageSourceError(
        400,
        "the source is not an image (jpeg, png, gif, webp, avif, svg)",
      );
    }
    const cacheControl = source.immutable ? IMMUTABLE_CACHE_CONTROL : IMAGE_CACHE_CONTROL;
    const expiresAt = source.key.startsWith("remote:") ? Date.now() + REMOTE_TTL_MS : null;
    const passThrough = (): Variant => ({
      contentType: CONTENT_TYPE_OF[type],
      etag: etagOf(bytes),
      expiresAt,
      bytes,
      cacheControl,
      variesByAccept: false,
    });
    // Never rasterised: served as it is, under a policy that lets it do nothing.
    if (type === "svg") return passThrough();
    const sharp = await loadSharp();
    let header: SourceHeader;
    try {
      const read = await readHeader(sharp, bytes, type, options.maxInputPixels);
      if (read.animated) return passThrough();
      header = read.header;
    } catch (error) {
      throw unreadable(error, options.maxInputPixels);
    }
    // The client's formats first, then the source's own, which every browser shows.
    const choice = affordableFormat(
      header,
      request.width,
      [...accepted, type],
      limiter.budgetBytes,
    );
    if (choice === null) {
      throw new ImageSourceError(
        400,
        `resizing this ${header.width} x ${header.height} source to ${request.width} px would take more memory than the optimizer's budget of ${Math.floor(limiter.budgetBytes / MiB)} MiB in any format (docs/images.md, "Memory")`,
      );
    }
    const { format, costBytes } = choice;
    // The request's trace, which the queue would lose: a queued task runs in another's turn.
    const requestContext = context.active();
    return limiter.run(async () => {
      try {
        const startedAt = performance.now();
        const output = await inSpan(
          "image transform",
          () => transform(sharp, bytes, request, format, options.maxInputPixels),
          requestContext,
          {
            "image.width": request.width,
            "image.quality": request.quality,
            "image.format": format,
          },
        );
        counters.transforms++;
        counters.transformSeconds += (performance.now() - startedAt) / 1000;
        logger.debug(
          {
            reqId: requestId,
            src: describe(request),
            width: request.width,
            quality: request.quality,
            format,
            ...(format !== (accepted[0] ?? type) && { asked: accepted[0] ?? type }),
            costMiB: Math.round(costBytes / MiB),
            bytes: output.length,
            ms: Math.round(performance.now() - startedAt),
          },
          "image computed",
        );
        return {
          contentType: CONTENT_TYPE_OF[format],
          etag: etagOf(output),
          expiresAt,
          bytes: output,
          cacheControl,
          variesByAccept: true,
        };
      } catch (error) {
        throw unreadable(error, options.maxInputPixels);
      }
    }, costBytes);
  }

  /** From memory, else disk, else computed once however many ask at the same time. */
  async function variantFor(
    request: ImageRequest,
    accept: string | undefined,
    requestId: string,
  ): Promise<Variant> {
    const source = sourceOf(request);
    const accepted = acceptedFormats(accept, options.formats);
    // By the client's formats, not the one answered: that one follows from them (and the budget).
    const key = `${source.key}|w=${request.width}|q=${request.quality}|${accepted.join(",") || "source"}`;
    const now = Date.now();
    const remembered = memory.get(key);
    if (remembered && (remembered.expiresAt === null || remembered.expiresAt > now)) {
      counters.memoryHits++;
      return remembered;
    }
    const pending = inFlight.get(key);
    if (pending) return pending;
    let computed = false;
    const work = (async () => {
      const stored = await options.diskCache?.get(key, now);
      if (stored) {
        counters.diskHits++;
        memory.set(key, stored);
        return stored;
      }
      const variant = await compute(request, source, accepted, requestId);
      computed = true;
      memory.set(key, variant);
      return variant;
    })();
    inFlight.set(key, work);
    // Written to disk after the answer goes out; until then, askers join this flight.
    void work
      .then((variant) => (computed ? options.diskCache?.set(key, variant) : undefined))
      .catch(() => {})
      .finally(() => inFlight.delete(key));
    return work;
  }

  function send({ req, res }: Exchange, variant: Variant): void {
    const headers = {
      "Content-Type": variant.contentType,
      "Cache-Control": variant.cacheControl,
      ETag: variant.etag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": IMAGE_CONTENT_SECURITY_POLICY,
      ...(variant.variesByAccept && { Vary: "Accept" }),
    };
    if (etagMatches(req.headers["if-none-match"], variant.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, "Content-Length": variant.bytes.length });
    if (req.method === "HEAD") res.end();
    else res.end(variant.bytes);
  }

  const step: Step = async (exchange) => {
    const { req, res, path, rawSearch, requestId } = exchange;
    if (path !== IMAGE_ENDPOINT) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendText(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
      return true;
    }
    const parsed = parseImageRequest(rawSearch, options);
    if (!parsed.ok) {
      sendText(res, 400, `Bad image request: ${parsed.reason}\n`);
      return true;
    }
    try {
      send(exchange, await variantFor(parsed.request, req.headers.accept, requestId));
    } catch (error) {
      if (error instanceof QueueFullError) {
        counters.refused++;
        sendText(res, 503, "Busy resizing images; try again shortly\n", { "Retry-After": "1" });
      } else if (error instanceof ImageSourceError) {
        // A missing file is the page's mistake, seen in the access log; the rest are worth a look.
        if (error.status !== 404) {
          logger.warn(
            { reqId: requestId, src: describe(parsed.request), reason: error.message },
            "image refused",
          );
        }
        sendText(res, error.status, `Image not served: ${error.message}\n`);
      } else {
        throw error;
      }
    }
    return true;
  };
  return { step, variant: variantFor };
}

function describe({ source }: ImageRequest): string {
  return source.kind === "local" ? source.path : source.url.origin + source.url.pathname;
}
