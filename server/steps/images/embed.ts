/**
 * Image files a page carries in its own HTML (`<Image embed={750}>`): the
 * optimizer's AVIF file of one width, as a `data:` URL, so that a browser
 * picking that width paints the image with the page's first bytes instead of
 * one round trip later. Made by the same optimizer, from the same caches, as
 * the file the `srcset`'s URL would fetch.
 */
import { EMBED_MAX_BYTES, optimizerImageLoader, type ImageEmbedder } from "../../../app/images.ts";
import type { Logger } from "../../platform/logger.ts";
import { ImageSourceError } from "./errors.ts";
import type { ImageOptimizer } from "./optimizer.ts";
import { parseImageRequest, type ImageRequestPolicy } from "./request.ts";

/** Embedded images remembered: the pages' code names them, so a few. */
const MAX_REMEMBERED = 64;
/**
 * How long a render waits for a file the optimizer is still making (0.04 to
 * 0.3 s at the home page's width); the page's stream is aborted after 6 s.
 */
export const EMBED_WAIT_MS = 1500;

/**
 * What a page's file came to: `dataUrl` null with `lasting` false when the
 * optimizer was busy or failed for a reason of its own; the next render asks
 * again, and a page rendered once is not kept without it.
 */
export interface Embedded {
  readonly dataUrl: string | null;
  readonly lasting: boolean;
}

export interface ServerImageEmbedder {
  (src: string, width: number, quality: number): Promise<Embedded>;
}

/**
 * Each image is made once per process, however many pages and renders ask.
 * One that cannot be embedded (too large, not a raster image of the public
 * folder, missing) is logged once and rendered with its URL. One the optimizer
 * has not made within EMBED_WAIT_MS, or could not make for a reason of its own
 * (its queue full, a read failing), is logged and asked for again by the next
 * render. Never rejects: a page renders with or without its embedded image.
 */
export function imageEmbedder(
  optimizer: Pick<ImageOptimizer, "variant">,
  policy: ImageRequestPolicy,
  logger: Logger,
  { maxBytes = EMBED_MAX_BYTES, waitMs = EMBED_WAIT_MS } = {},
): ServerImageEmbedder {
  const remembered = new Map<string, Promise<Embedded>>();

  async function embed(src: string, width: number, quality: number, key: string) {
    const refuse = (reason: string, lasting = true): Embedded => {
      if (!lasting) remembered.delete(key);
      logger.warn({ src, width, quality, reason }, "image not embedded");
      return { dataUrl: null, lasting };
    };
    // The very query the page's `srcset` sends, under the endpoint's own policy.
    const query = new URL(optimizerImageLoader({ src, width, quality }), "http://x").search;
    const parsed = parseImageRequest(query, policy);
    if (!parsed.ok) return refuse(parsed.reason);
    // Kept for the process's life: a remote source may change under it.
    if (parsed.request.source.kind !== "local") {
      return refuse("only a file of the public folder is embedded, not a remote source");
    }
    const made = optimizer.variant(parsed.request, "image/avif", "");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), waitMs);
    });
    try {
      const file = await Promise.race([made, late]);
      if (file === "late") {
        made.catch(() => {}); // it goes on into the optimizer's caches; its failure is the endpoint's
        return refuse(`not made within ${waitMs} ms`, false);
      }
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
      return { dataUrl: `data:image/avif;base64,${file.bytes.toString("base64")}`, lasting: true };
    } catch (error) {
      // The source's fault (missing, unreadable) lasts; the optimizer's own may pass.
      return refuse((error as Error).message, error instanceof ImageSourceError);
    } finally {
      clearTimeout(timer);
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

/**
 * The embedder one render sees: each image's answer stays the same for the
 * whole render (React renders a part again once what it waited for settles,
 * and must find it settled, not asked for anew), and `missed` tells whether
 * any image went without its file for a passing reason.
 */
export function embedderForRender(embedder: ServerImageEmbedder): {
  readonly embedImage: ImageEmbedder;
  readonly missed: () => boolean;
} {
  const answers = new Map<string, Promise<string | null>>();
  let missed = false;
  return {
    embedImage(src, width, quality) {
      const key = `${width}|${quality}|${src}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = embedder(src, width, quality).then(({ dataUrl, lasting }) => {
          if (!lasting) missed = true;
          return dataUrl;
        });
        answers.set(key, answer);
      }
      return answer;
    },
    missed: () => missed,
  };
}
