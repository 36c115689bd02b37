/**
 * Client navigations as the browser tests make them: in the Playwright specs,
 * and in the Vitest suites that drive Chromium themselves (assetPrefix's CDN).
 */
import type { Page } from "@playwright/test";

// The contract's number, written here rather than imported from the app: a
// change to the app's constant must turn these tests red.
export const ROUTE_LOAD_TIMEOUT_MS = 3800;

/**
 * A client-side navigation, as a link or `navigate()` makes one, to `to`: a URL
 * path as the site serves it (under its base path, if it has one). React
 * Router's `navigate` takes it below its basename, so that is taken off here.
 */
export function navigate(page: Page, to: string): Promise<unknown> {
  return page.evaluate((target) => {
    const w = window as unknown as {
      __reactRouterDataRouter: { navigate(to: string): Promise<void> };
      __reactRouterContext?: { basename?: string };
    };
    const base = (w.__reactRouterContext?.basename ?? "/").replace(/\/+$/, "");
    const rest = target.slice(base.length);
    const underBase = base !== "" && target.startsWith(base) && /^(?:[/?#]|$)/.test(rest);
    const below = !underBase ? target : rest.startsWith("/") ? rest : `/${rest}`;
    return w.__reactRouterDataRouter.navigate(below);
  }, to);
}

/**
 * Starts a client navigation to `to` and resolves with the milliseconds until
 * the browser gives up on it and loads `url` as a document (the route-load
 * fallback); rejects if that has not happened 10 s past the timeout.
 *
 * It resolves only once that document has replaced the page (committed), so
 * that a test may close the page next: Chromium drops a close that races a
 * navigation's commit (crbug.com/536385539), and the close then waits for its
 * unload watchdog, 20 s to minutes, past the test's time.
 */
export async function msUntilDocumentLoad(page: Page, to: string, url: string): Promise<number> {
  const documentLoad = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.resourceType() === "document" && r.url() === url,
    { timeout: ROUTE_LOAD_TIMEOUT_MS + 10_000 },
  );
  const startedAt = Date.now();
  void navigate(page, to).catch(() => {
    // The document load ends this page's script.
  });
  await documentLoad;
  const delay = Date.now() - startedAt;
  await page.waitForURL(url, { waitUntil: "commit", timeout: 10_000 });
  return delay;
}
