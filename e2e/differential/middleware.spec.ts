/**
 * The site's middleware (tests/nextjs-site/middleware.js), asked the same
 * requests in both runtimes: each kind of NextResponse (next with request and
 * response headers and a cookie, rewrite, redirect, a JSON answer, an answer of
 * its own), its matcher (a path, a `has` and a `missing` condition, the locale
 * prefix), a throw; then in a browser, a rewritten document and clicks to each
 * kind, which must end on the same URL showing the same page.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  baseOf,
  BROWSER_UA,
  expectSame,
  hydrated,
  openPage,
  RUNTIMES,
  type Runtime,
} from "./observe.ts";
import { ROUTE_LOAD_TIMEOUT_MS } from "../client-navigation.ts";

/** A Location of the runtime's own origin, without it: each runtime listens on its own port. */
function local(runtime: Runtime, location: string | null): string | null {
  if (location === null) return null;
  const origin = new URL(baseOf(runtime)).origin;
  // Next.js names the address it listens on, the shell the Host the request named: both this one.
  return location.startsWith(origin) ? location.slice(origin.length) || "/" : location;
}

async function observe(runtime: Runtime, path: string, headers: Record<string, string>) {
  const response = await fetch(baseOf(runtime) + path, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...headers },
  });
  const text = await response.text();
  const header = (name: string) => response.headers.get(name);
  const html = header("content-type")?.startsWith("text/html") ?? false;
  // A page's markup differs between the runtimes: it is compared in the browser.
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return {
    status: response.status,
    location: local(runtime, header("location")),
    contentType: header("content-type")?.split(";")[0] ?? null,
    saw: header("x-middleware-saw"),
    mw: header("x-mw"),
    authenticate: header("www-authenticate"),
    setCookie: header("set-cookie"),
    ...(!html && (json === undefined ? { body: text } : { json })),
  };
}

const CASES: [name: string, path: string, headers?: Record<string, string>][] = [
  ["next(), with request and response headers and a cookie", "/mw/headers"],
  ["next() under a locale prefix", "/fr/mw/headers"],
  ["redirect", "/mw/redirect"],
  ["redirect under a locale prefix", "/fr/mw/redirect"],
  ["redirect 308, with a query", "/mw/redirect-permanent"],
  ["redirect to an API route from under a locale prefix", "/fr/mw/to-api"],
  ["rewrite", "/mw/rewrite"],
  ["rewrite to a page with data", "/mw/rewrite-ssr?q=1"],
  ["NextResponse.json", "/mw/json?q=2"],
  ["NextResponse.json under a locale prefix", "/pt-BR/mw/json"],
  ["an answer of its own (401)", "/mw/denied"],
  ["a path the matcher does not name", "/about"],
  ["the root matcher, the root", "/?mwroot=1"],
  ["the root matcher, the root's index", "/index?mwroot=1"],
  ["the root matcher, under a locale prefix", "/fr?mwroot=1"],
  ["a path the matcher names with a query it has", "/about?mw=1"],
  ["a path the matcher names, a header it must miss absent", "/ssr/5"],
  [
    "a path the matcher names, a header it must miss present",
    "/ssr/5",
    { "x-skip-middleware": "1" },
  ],
  ["an API route the matcher names", "/api/echo?x=1"],
  ["a public file the matcher names", "/mw/note.txt"],
  ["a data request the middleware lets through", "/mw/headers", { "x-nextjs-data": "1" }],
];

for (const [name, path, headers = {}] of CASES) {
  test(`middleware: ${name}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) seen[runtime] = await observe(runtime, path, headers);
    expectSame(`middleware: ${name}`, seen.next, seen.shell);
  });
}

test("middleware: a throw is a 500", async () => {
  for (const runtime of RUNTIMES) {
    const response = await fetch(`${baseOf(runtime)}/mw/throws`, {
      headers: { "user-agent": BROWSER_UA },
    });
    expect(response.status, runtime).toBe(500);
  }
});

test("middleware: a body it reads, which the API route after it reads whole again", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  const body = JSON.stringify({ hello: "world", pad: "x".repeat(100_000) });
  for (const runtime of RUNTIMES) {
    const response = await fetch(`${baseOf(runtime)}/api/echo?mw=body`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
      body,
    });
    const json = (await response.json()) as { body: { hello?: string }; middlewareRead: string };
    seen[runtime] = {
      status: response.status,
      middlewareRead: json.middlewareRead,
      hello: json.body.hello,
    };
  }
  expectSame("middleware: a body it reads", seen.next, seen.shell);
});

test("middleware: its own answer streams, its first part before the rest", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const response = await fetch(`${baseOf(runtime)}/mw/stream`, {
      headers: { "user-agent": BROWSER_UA },
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += decoder.decode(part.value);
    }
    seen[runtime] = { status: response.status, first, rest };
  }
  expectSame("middleware: a streamed answer", seen.next, seen.shell);
});

/**
 * What a page shows once on `path` and rendered. Not "network idle": Next.js's
 * page of links to the middleware's paths never gets there (a prefetch stays open).
 */
async function settledOn(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + url.search === path, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  // A page's heading, or an answer of the middleware's own, which is no page.
  await page.waitForFunction(
    () =>
      document.querySelector("#__next h1") !== null || document.querySelector("#__next") === null,
  );
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const props = document.querySelector("#props")?.textContent;
    return {
      path: location.pathname + location.search + location.hash,
      title: document.title,
      text: ((document.querySelector("#__next") ?? document.body) as HTMLElement).innerText,
      props: props ? (JSON.parse(props) as unknown) : null,
    };
  });
}

const DOCUMENTS: [name: string, path: string][] = [
  ["a rewritten document", "/mw/rewrite"],
  ["a rewritten document, to a page with data", "/mw/rewrite-ssr?q=1"],
  ["a document the middleware gave request headers", "/mw/headers?x=1"],
];

for (const [name, path] of DOCUMENTS) {
  test(`middleware in the browser: ${name}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, errors, close } = await openPage(browser, runtime);
      await page.goto(path);
      seen[runtime] = await settledOn(page, path);
      // Next.js's own hydration of a rewritten page reports a mismatch (React's #418).
      if (runtime === "shell") expect(errors).toEqual([]);
      await close();
    }
    expectSame(`middleware in the browser: ${name}`, seen.next, seen.shell);
  });
}

const CLICKS: [name: string, link: string, landsOn: string][] = [
  ["a click to a page with data, given request headers", "#headers", "/mw/headers?x=1"],
  ["a click to a page without data", "#plain", "/mw/plain"],
];

for (const [name, link, landsOn] of CLICKS) {
  test(`middleware in the browser: ${name}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto("/mw");
      await hydrated(page);
      await page.click(link);
      seen[runtime] = await settledOn(page, landsOn);
      await close();
    }
    expectSame(`middleware in the browser: ${name}`, seen.next, seen.shell);
  });
}

const IN_PAGE_CLICKS: [name: string, link: string, landsOn: string][] = [
  ["a click the middleware redirects", "#redirect", "/about"],
  ["a click the middleware redirects to a page with data", "#redirect-ssr", "/ssr/7?from=mw"],
  ["a click the middleware rewrites", "#rewrite", "/mw/rewrite"],
  ["a click the middleware rewrites to a page with data", "#rewrite-ssr", "/mw/rewrite-ssr?q=1"],
];

// Followed in the page, as a client navigation: the page is not loaded again, and
// the history has one entry more, the URL shown.
for (const [name, link, landsOn] of IN_PAGE_CLICKS) {
  test(`middleware in the browser: ${name}, followed in the page`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto("/mw");
      await hydrated(page);
      const entries = await page.evaluate(() => {
        (window as { samePage?: boolean }).samePage = true;
        return history.length;
      });
      await page.click(link);
      const shown = await settledOn(page, landsOn);
      seen[runtime] = {
        ...shown,
        samePage: await page.evaluate(() => (window as { samePage?: boolean }).samePage === true),
        newEntries: (await page.evaluate(() => history.length)) - entries,
      };
      await close();
    }
    expectSame(`middleware in the browser: ${name}, followed in the page`, seen.next, seen.shell);
  });
}

// The shell's own guarantee, which Next.js does not give (so the shell alone is asked):
// a click the middleware redirects is one navigation, whose route-load timeout counts
// from the click, across the middleware's answer and the target's data.
test("middleware in the browser (the shell alone): a redirected click still loads as a document at 3800 ms", async ({
  browser,
}) => {
  const { page, close } = await openPage(browser, "shell");
  try {
    await page.goto("/mw");
    await hydrated(page);
    // The middleware answers late, and the target's data never comes.
    await page.route("**/_next/data/**/mw/redirect-permanent.json*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue().catch(() => {});
    });
    await page.route("**/_next/data/**/ssr/7.json*", () => {});
    const documentLoad = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.resourceType() === "document",
      { timeout: ROUTE_LOAD_TIMEOUT_MS + 10_000 },
    );
    const startedAt = Date.now();
    await page.click("#redirect-ssr", { noWaitAfter: true });
    const request = await documentLoad;
    const delay = Date.now() - startedAt;
    expect(new URL(request.url()).pathname + new URL(request.url()).search).toBe("/ssr/7?from=mw");
    expect(delay).toBeGreaterThanOrEqual(ROUTE_LOAD_TIMEOUT_MS - 100);
    // From the click, not from the middleware's late answer (2 s later).
    expect(delay).toBeLessThan(ROUTE_LOAD_TIMEOUT_MS + 1500);
  } finally {
    // The held request never ends: let go of it before the page closes.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await close();
  }
});
