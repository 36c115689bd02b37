/**
 * Issue 47's cold burst, against a server that has resized nothing yet: every
 * device width of the photo, in AVIF and in WebP, three requests at once for
 * each, and page loads beside them from the burst's start to its end. Used by
 * the container test (tests/container/memory.test.ts) and `npm run bench:memory`.
 *
 * Loopback only; every request bounded in time. An answer that never came
 * (connection cut, as when the server is killed) counts as lost, not as a
 * status.
 */
import { request } from "node:http";
import { DEVICE_SIZES } from "../app/images.ts";

export const BURST_FORMATS = ["avif", "webp"] as const;
/** As browsers send them: Chrome's (AVIF first), and one of a browser that takes WebP but not AVIF. */
const ACCEPT: Record<(typeof BURST_FORMATS)[number], string> = {
  avif: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
  webp: "image/webp,image/*,*/*;q=0.8",
};
/** The same variant asked for by this many at once. */
export const BURST_COPIES = 3;
export const BURST_PAGE_LOADS = 40;
/** Page loads are spread over the burst, one every this many milliseconds. */
const PAGE_LOAD_INTERVAL_MS = 100;
const REQUEST_TIMEOUT_MS = 90_000;
const PAGES = ["/", "/about", "/blog/hello", "/fr/about", "/docs/a/b"];

export interface Answer {
  readonly path: string;
  /** The width asked for (images), and the format asked for in Accept. */
  readonly width: number | null;
  readonly asked: string | null;
  readonly contentType: string;
  /** null: lost (no answer: the connection was cut or timed out). */
  readonly status: number | null;
  readonly retryAfter: string | undefined;
  readonly ms: number;
}

export interface BurstResult {
  readonly images: readonly Answer[];
  readonly pages: readonly Answer[];
  readonly seconds: number;
}

/** Fields a person can read at a glance: "200 x 40, 503 x 8, lost x 0". */
export function tally(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { status } of answers) {
    const key = status === null ? "lost" : String(status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => `${status} x ${count}`).join(", ");
}

function ask(
  port: number,
  path: string,
  headers: Record<string, string>,
  { width = null, asked = null }: { width?: number | null; asked?: string | null } = {},
): Promise<Answer> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const done = (status: number | null, retryAfter?: string, contentType = "") =>
      resolve({
        path,
        width,
        asked,
        contentType,
        status,
        retryAfter,
        ms: Math.round(performance.now() - startedAt),
      });
    const req = request(
      { host: "127.0.0.1", port, path, headers, agent: false, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on("end", () =>
          done(res.statusCode ?? 0, res.headers["retry-after"], res.headers["content-type"]),
        );
        res.on("error", () => done(null));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => done(null));
    req.end();
  });
}

/**
 * Prints the container's memory peak in bytes, run inside it: cgroup v2's
 * memory.peak, else v1's memory.max_usage_in_bytes. Both count the page cache
 * the container's reads and writes brought in, which the kernel reclaims under
 * the limit: a peak near the limit alone is no danger; an OOM kill is.
 */
export const CGROUP_PEAK_COMMAND = [
  "sh",
  "-c",
  "cat /sys/fs/cgroup/memory.peak 2>/dev/null || cat /sys/fs/cgroup/memory/memory.max_usage_in_bytes",
];

export function imagePath(width: number, source = "/images/valley.jpg"): string {
  return `/_image?src=${encodeURIComponent(source)}&w=${width}&q=75`;
}

/**
 * Image URLs differ between servers (ours: /_image, Next.js: /_next/image), so
 * the caller names them.
 */
export async function coldBurst(
  port: number,
  imageUrl: (width: number) => string = imagePath,
): Promise<BurstResult> {
  const startedAt = performance.now();
  const images = DEVICE_SIZES.flatMap((width) =>
    BURST_FORMATS.flatMap((format) =>
      Array.from({ length: BURST_COPIES }, () =>
        ask(port, imageUrl(width), { accept: ACCEPT[format] }, { width, asked: format }),
      ),
    ),
  );
  let imagesDone = false;
  const allImages = Promise.all(images).finally(() => (imagesDone = true));
  // Beside the images, from their first request to their last answer (and at
  // least BURST_PAGE_LOADS of them): a page load must never be lost to them.
  const pages: Promise<Answer>[] = [];
  while (pages.length < BURST_PAGE_LOADS || !imagesDone) {
    pages.push(ask(port, PAGES[pages.length % PAGES.length]!, { accept: "text/html" }));
    await new Promise((resolve) => setTimeout(resolve, PAGE_LOAD_INTERVAL_MS));
    if (performance.now() - startedAt > REQUEST_TIMEOUT_MS) break;
  }
  return {
    images: await allImages,
    pages: await Promise.all(pages),
    seconds: (performance.now() - startedAt) / 1000,
  };
}
