/**
 * At start, the pages the build rendered once are kept before a visitor asks
 * for them: for the public origin (PUBLIC_ORIGIN: a kept page holds its
 * canonical and hreflang links), each URL the build listed
 * (BUILD_DIR/prerendered-props.json) is taken from the shared cache when
 * another replica of the release kept it, else rendered (from the build's
 * getStaticProps record, app/next/page/prerendered.ts) and kept there too.
 * A new release's replicas thus serve them warm, and render each once
 * between them.
 *
 * In the background, one page at a time, after the server listens: visitors
 * come first. Off with WARM_PAGES=false, or without PUBLIC_ORIGIN (the origin
 * is then each request's).
 */
import type { Logger } from "../platform/logger.ts";

/** At most this many URLs are kept at start: a larger site gets its first ones warm. */
export const MAX_WARM_URLS = 5_000;
/**
 * How long the warm-up waits for the shared cache to answer (it connects in the
 * background), so that a page another replica kept is taken, not rendered again.
 */
const SHARED_CACHE_WAIT_MS = 10_000;

/** The origin a kept page is filed under, as the pipeline writes a request's: `https://host[:port]`. */
export function keptOriginOf(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  return `${url.protocol}//${url.host}`;
}

/**
 * Keeps each of `urls` for `origin` through `warm` (the pipeline's), in order,
 * one at a time, until `stopped()`; logs how many and how long once. With a
 * shared cache, `sharedAvailable` says whether it answers yet.
 */
export async function warmPages(
  warm: (origin: string, target: string) => Promise<void>,
  origin: string,
  urls: readonly string[],
  logger: Logger,
  { stopped, sharedAvailable }: { stopped: () => boolean; sharedAvailable?: () => boolean },
): Promise<void> {
  const started = Date.now();
  while (
    sharedAvailable &&
    !sharedAvailable() &&
    !stopped() &&
    Date.now() - started < SHARED_CACHE_WAIT_MS
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let done = 0;
  for (const url of urls.slice(0, MAX_WARM_URLS)) {
    if (stopped()) break;
    try {
      await warm(origin, url);
      done++;
    } catch (error) {
      // A page that cannot be kept now is rendered at its first request, as without warming.
      logger.warn({ err: error, target: url }, "a page could not be kept at start");
    }
  }
  logger.info(
    { origin, pages: done, of: urls.length, ms: Date.now() - started },
    "pages rendered once kept at start",
  );
}
