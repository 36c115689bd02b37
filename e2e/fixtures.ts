import { test as base, expect, type Page } from "@playwright/test";
import { site } from "./site.ts";

export { expect };

interface Fixtures {
  /** Page errors this test expects; any other fails it. */
  expectedPageErrors: RegExp[];
  /** Whether this test provokes Content-Security-Policy violations on purpose. */
  provokesCspViolations: boolean;
}

/**
 * Every test runs against the app directly or, in the `proxy` project, through
 * nginx; and fails on any uncaught error in the page, unless it says it expects
 * it, and on any Content-Security-Policy violation the browser reports.
 */
export const test = base.extend<Fixtures>({
  expectedPageErrors: [[], { option: true }],
  provokesCspViolations: [false, { option: true }],
  baseURL: async ({}, use, testInfo) => {
    // Through nginx: the `proxy` project, and the site under a base path (E2E_SITE=base-path).
    const throughProxy = ["proxy", "base-path"].includes(testInfo.project.name);
    const url = throughProxy ? process.env.PROXY_URL : process.env.APP_URL;
    if (!url) throw new Error("APP_URL is not set: run through playwright.config.ts");
    await use(url);
  },
  page: async ({ page, expectedPageErrors, provokesCspViolations }, use) => {
    const errors: Error[] = [];
    const violations: string[] = [];
    page.on("pageerror", (error) => errors.push(error));
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    const unexpected = errors.filter((e) => !expectedPageErrors.some((p) => p.test(e.message)));
    expect(unexpected.map((e) => e.message)).toEqual([]);
    if (!provokesCspViolations) expect(violations).toEqual([]);
  },
});

/** The route marker of the page: which route matched, in which locale, with which params. */
export async function marker(page: Page) {
  const main = page.locator("main[data-route]");
  await expect(main).toBeVisible();
  return {
    route: await main.getAttribute("data-route"),
    locale: await main.getAttribute("data-locale"),
    params: JSON.parse((await main.getAttribute("data-params")) ?? "null") as unknown,
  };
}

/** Marks the current document, to tell later whether a navigation replaced it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  );
}

/** A page of `<Link>`s (the /lab/links fixture), hydrated, ready to click. */
export async function linksTo(page: Page, targets: string[]): Promise<void> {
  const query = targets.map((t) => `to=${encodeURIComponent(t)}`).join("&");
  await page.goto(`${site.canonical("/lab/links")}?${query}`);
  await waitForHydration(page);
  await markDocument(page);
}

/** React Router has hydrated once its router exists and the page's effects have run. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--vh") !== "");
}

/**
 * Resolves once the browser has been idle twice after the call: the page's own
 * idle work (its prefetches, started once it has loaded and idled) has run.
 */
export async function idle(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
    );
  }
}

/**
 * Opens `path` and checks it runs under an enforced script policy (nonces or
 * hashes, no `unsafe-inline` or `unsafe-eval`) with no violation reported as it
 * loads and hydrates; the fixture fails the test on any the console reports too.
 */
export async function expectScriptsUnderPolicy(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto(path);
  const policy = response!.headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'self' '(nonce|sha256)-/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await waitForHydration(page);
  expect(
    await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
}
