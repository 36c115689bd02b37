/**
 * `next-webdriver` as Next.js's test files import it: a page loaded in
 * Chromium, and, on a Next.js page, hydration waited for
 * (`window.__NEXT_HYDRATED`, at most 10 s, as Next.js's own waits).
 */
import { HarnessBrowser, type LoadOptions } from "./browser.ts";
import { getFullUrl } from "./next-test-utils.ts";

export interface WebdriverOptions extends LoadOptions {
  readonly waitHydration?: boolean;
  readonly retryWaitHydration?: boolean;
}

export const USE_SELENIUM = false;

const HYDRATION_WAIT_MS = 10_000;

async function waitForHydration(browser: HarnessBrowser) {
  await browser.page.evaluate(
    (timeout) =>
      new Promise<void>((done) => {
        const win = window as unknown as {
          next?: { version?: string };
          __NEXT_HYDRATED?: boolean;
          __NEXT_HYDRATED_CB?: () => void;
        };
        const isNext =
          document.documentElement.innerHTML.includes("__NEXT_DATA__") ||
          win.next?.version !== undefined;
        if (!isNext || win.__NEXT_HYDRATED) return done();
        const timer = setTimeout(done, timeout);
        win.__NEXT_HYDRATED_CB = () => {
          clearTimeout(timer);
          done();
        };
      }),
    HYDRATION_WAIT_MS,
  );
}

/**
 * The page at `url`, loaded, hydrated. A promise of the browser (which is
 * itself awaitable once a call was queued on it, so it is not returned by an
 * async function, which would await it).
 */
export default function webdriver(
  appPortOrUrl: string | number,
  url: string,
  options: WebdriverOptions = {},
): Promise<HarnessBrowser> {
  const browser = new HarnessBrowser();
  const loaded = (async () => {
    await browser.loadPage(getFullUrl(appPortOrUrl, url), options);
    if (options.waitHydration === false) return;
    try {
      await waitForHydration(browser);
    } catch (error) {
      if (!options.retryWaitHydration) throw error;
      await new Promise((wait) => setTimeout(wait, 2_000));
      await waitForHydration(browser);
    }
  })();
  // Resolved with the browser before any call is queued on it: not yet awaitable, so not adopted.
  return loaded.then(() => browser) as unknown as Promise<HarnessBrowser>;
}
