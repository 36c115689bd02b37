/**
 * Image files a page carries in its own HTML (`<Image embed={750}>`): the
 * optimizer's AVIF file of one width, as a `data:` URL, so that a browser
 * picking that width paints the image with the page's first bytes instead of
 * one round trip later. Made by the same optimizer, from the same caches, as
 * the file the `srcset`'s URL would fetch.
 */
import { EMBED_MAX_BYTES, optimizerImageLoader, type ImageEmbedder } from "../../../app/images.ts";
import type { Logger } from "../../platform/logger.ts";
import { QueueFullError } from "./limiter.ts";
import type { ImageOptimizer } from "./optimizer.ts";
import { parseImageRequest, type ImageRequestPolicy } from "./request.ts";

/** Embedded images remembered: the pages' code names them, so a few. */
const MAX_REMEMBERED = 64;

/**
 * Each image is made once per process, however many pages and renders ask;
 * one that cannot be embedded (too large, not a raster image, missing) is
 * logged once and rendered with its URL. Never rejects: a page renders with or
 * without its embedded image, never fails for it.
 */
export function imageEmbedder(
  optimizer: Pick<ImageOptimizer, "variant">,
  policy: ImageRequestPolicy,
  logger: Logger,
  maxBytes = EMBED_MAX_BYTES,
): ImageEmbedder {
  const remembered = new Map<string, Promise<string | null>>();

  async function embed(src: string, width: number, quality: number, key: string) {
    const refuse = (reason: string) => {
      logger.warn({ src, width, quality, reason }, "image not embedded");
      return null;
    };
    // The very query the page's `srcset` sends, under the endpoint's own policy.
    const query = new URL(optimizerImageLoader({ src, width, quality }), "http://x").search;
    const parsed = parseImageRequest(query, policy);
    if (!parsed.ok) return refuse(parsed.reason);
    // Kept for the process's life: a remote source may change under it.
    if (parsed.request.source.kind !== "local") {
      return refuse("only a file of the public folder is embedded, not a remote source");
    }
    try {
      const file = await optimizer.variant(parsed.request, "image/avif", "");
      if (file.contentType !== "image/avif") {
        return refuse(
          `the optimizer serves it as ${file.contentType}, not AVIF (a vector or animated image, or IMAGE_FORMATS without avif)`,
        );
      }
      if (file.bytes.length > maxBytes) {
        return refuse(
          `${file.bytes.length} bytes of AVIF, more than the ${maxBytes} a page carries`,
        );
      }
      return `data:image/avif;base64,${file.bytes.toString("base64")}`;
    } catch (error) {
      // Busy resizing: the next render asks again (a page rendered once keeps the URL until then).
      if (error instanceof QueueFullError) remembered.delete(key);
      return refuse((error as Error).message);
    }
  }

  return (src, width, quality) => {
    const key = `${width}|${quality}|${src}`;
    let made = remembered.get(key);
    if (!made) {
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      made = embed(src, width, quality, key);
      remembered.set(key, made);
    }
    return made;
  };
}
