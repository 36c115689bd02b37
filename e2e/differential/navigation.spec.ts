/**
 * Client navigations, made the same way in both runtimes: next/router's
 * methods and Back, every form of next/link, navigations to pages whose data
 * functions find nothing, redirect or throw, and a `fallback: true` page. What
 * is compared: where each ends, what it shows, whether the document was kept,
 * and `router.events` in order, each with the URL shown when it fired.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  answerOf,
  expectSame,
  hydrated,
  openPage,
  routerEvents,
  RUNTIMES,
  shownPage,
  type Runtime,
} from "./observe.ts";

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
}
const documentKept = (page: Page) =>
  page
    .evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true)
    .catch(() => false);

/**
 * Waits until a client navigation has rendered, not only moved the URL: both
 * runtimes change the URL (beforeHistoryChange) before they render the page,
 * and announce the render with routeChangeComplete (or hashChangeComplete, or
 * routeChangeError). A new document has nothing to wait for.
 */
async function navigationSettled(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as {
      __kept?: boolean;
      __routerEvents?: { name: string; path: string }[];
    };
    if (!w.__kept) return true;
    const last = w.__routerEvents?.at(-1);
    const here = location.pathname + location.search + location.hash;
    return last !== undefined && /(Complete|Error)$/.test(last.name) && last.path === here;
  });
}

/** Runs `steps` in each runtime, from `start`, and compares what each step observed. */
async function compareSteps(
  browser: Browser,
  start: string,
  steps: [name: string, act: (page: Page) => Promise<void>][],
) {
  const seen: Record<Runtime, unknown[]> = { next: [], shell: [] };
  const shellErrors: string[] = [];
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime);
    await page.goto(start);
    await page.waitForLoadState("networkidle");
    await routerEvents(page);
    await markDocument(page);
    for (const [name, act] of steps) {
      await act(page);
      await navigationSettled(page);
      const shown = await shownPage(page);
      seen[runtime].push({
        step: name,
        path: shown.path,
        title: shown.title,
        text: shown.text,
        props: shown.props,
        router: shown.router,
        events: await routerEvents(page).catch(() => null),
        kept: await documentKept(page),
      });
    }
    if (runtime === "shell") shellErrors.push(...errors);
    await close();
  }
  for (let i = 0; i < steps.length; i++) {
    expectSame(`navigation from ${start}: ${steps[i]![0]}`, seen.next[i], seen.shell[i]);
  }
  expect(shellErrors).toEqual([]);
}

const click = (selector: string) => async (page: Page) => {
  await page.click(selector);
};
const waitFor = (path: string) => async (page: Page) => {
  await page.waitForURL((url) => url.pathname + url.search + url.hash === path);
};
const then =
  (...acts: ((page: Page) => Promise<void>)[]) =>
  async (page: Page) => {
    for (const act of acts) await act(page);
  };

test("router.push, Back, a hash, a URL object, shallow routing and replace, in Next.js's order of events", async ({
  browser,
}) => {
  await compareSteps(browser, "/router", [
    ["push", then(click("#push"), waitFor("/ssr/two?from=router"))],
    ["back", then((page) => page.goBack().then(() => {}), waitFor("/router"))],
    ["push a hash", then(click("#push-hash"), waitFor("/router#section"))],
    ["push a URL object", then(click("#push-object"), waitFor("/ssr/three?q=x"))],
    ["back to the hash", then((page) => page.goBack().then(() => {}), waitFor("/router#section"))],
    ["shallow", then(click("#shallow"), waitFor("/router?step=2"))],
    ["push to another locale", then(click("#locale"), waitFor("/fr/about"))],
    [
      "back, then replace",
      then(
        (page) => page.goBack().then(() => {}),
        waitFor("/router?step=2"),
        click("#replace"),
        waitFor("/about"),
      ),
    ],
  ]);
});

const LINKS: [id: string, ends: string][] = [
  ["string", "/ssr/from-string?a=1"],
  ["object", "/ssr/from-object?b=2"],
  ["as", "/ssr/from-as"],
  ["as-other-page", "/seven-as"],
  ["locale", "/fr/about"],
  ["locale-false", "/fr/about"],
  ["replace", "/about"],
  ["no-scroll", "/about"],
  ["legacy", "/about"],
  ["pass-href", "/about"],
  ["to-not-found", "/ssr/not-found"],
  ["to-redirect", "/ssr/two"],
  ["to-throws", "/ssr/throws"],
  ["to-ssg-missing", "/ssg-blocking/missing"],
  ["to-ssg-moved", "/about"],
  ["to-gip", "/gip?q=1"],
  // The browser's router picks order/c/[d]/[e], as Next.js does (React Router's score would not).
  ["to-precedence", "/order/c/b/c"],
];

for (const [id, ends] of LINKS) {
  test(`next/link #${id}`, async ({ browser }) => {
    const hrefs: Record<string, string | null> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto("/links");
      hrefs[runtime] = await page.getAttribute(`#${id}`, "href");
      await close();
    }
    expectSame(`link #${id}: its href`, hrefs.next, hrefs.shell);
    await compareSteps(browser, "/links", [
      [
        `click #${id}`,
        then(click(`#${id}`), waitFor(ends), (page) => page.waitForLoadState("networkidle")),
      ],
      [
        `then Back from #${id}`,
        then(
          (page) => page.goBack().then(() => {}),
          (page) => page.waitForLoadState("networkidle"),
        ),
      ],
    ]);
  });
}

test("next/link with as the URL shown now: href's page replaces its entry; Back leaves that URL, Forward shows that page again, a reload the URL's own", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, close } = await openPage(browser, runtime);
    // In one document throughout: "/", then /links by the router.
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() =>
      (window as unknown as { next: { router: { push(url: string): unknown } } }).next.router.push(
        "/links",
      ),
    );
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Links");
    await page.waitForLoadState("networkidle");
    await page.click("#as-same-url");
    await page.waitForFunction(() => document.querySelector("h1")?.textContent !== "Links");
    const clicked = await shownPage(page);
    // The URL changes at once; the page shown once the router has rendered it.
    await page.goBack();
    await page.waitForFunction(
      () => location.pathname === "/" && document.querySelector("h1")?.textContent === "Home",
    );
    const back = await shownPage(page);
    await page.goForward();
    await page.waitForFunction(
      () => location.pathname === "/links" && document.querySelector("h1")?.textContent === "About",
    );
    const forward = await shownPage(page);
    // A new document of that entry: the page of its URL, whatever the entry showed.
    await page.reload();
    seen[runtime] = { clicked, back, forward, reloaded: await shownPage(page) };
    await close();
  }
  expectSame("as the URL shown now", seen.next, seen.shell);
});

test("a link to another site leaves the page", async ({ browser }) => {
  for (const runtime of RUNTIMES) {
    const { page, close } = await openPage(browser, runtime);
    await page.route("https://example.com/**", (route) =>
      route.fulfill({ body: "<h1>elsewhere</h1>", contentType: "text/html" }),
    );
    await page.goto("/links");
    await page.click("#external");
    await expect(page).toHaveURL("https://example.com/");
    await close();
  }
});

test("fallback: true: the fallback page first, router.isFallback, then the page with its props", async ({
  browser,
}) => {
  const path = `/ssg-fallback/fresh-${Date.now()}`;
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const answer = await answerOf(runtime, path);
    const { page, close } = await openPage(browser, runtime);
    // What the page shows while isFallback, as the document has it.
    await page.goto(path);
    await expect(page.locator("h1")).toHaveText(/^Fallback fresh-/);
    seen[runtime] = {
      status: answer.status,
      fallbackInHtml: answer.body.includes('id="fallback"'),
      shown: await shownPage(page),
    };
    await close();
  }
  expectSame("fallback: true", seen.next, seen.shell);
});

test("a link to a path no page answers is not prefetched: no 404 in the console", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, close } = await openPage(browser, runtime);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("no-such-page")) asked.push(request.url());
    });
    await page.goto("/dead-link");
    await hydrated(page);
    // In view, then pointed at: each a prefetch's cue.
    await page.hover("#dead-link");
    await page.waitForTimeout(1500);
    seen[runtime] = { consoleErrors, asked: asked.length };
    await close();
  }
  expectSame("a dead link's prefetch", seen.next, seen.shell);
});

for (const [id, path] of [
  ["dead-link", "/no-such-page"],
  ["api-link", "/api/counted"],
] as const) {
  test(`a click on a link to ${path}, which no page answers, loads a document`, async ({
    browser,
  }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto("/dead-link");
      await hydrated(page);
      await markDocument(page);
      await page.click(`#${id}`);
      await page.waitForURL(`**${path}*`);
      await page.waitForLoadState("load");
      seen[runtime] = {
        path: new URL(page.url()).pathname,
        kept: await documentKept(page),
        text: (await page.locator("body").innerText()).slice(0, 60),
      };
      await close();
    }
    expectSame(`a click to ${path}`, seen.next, seen.shell);
  });
}

// The site has its own 404 page, which Next.js's client loads as a page of its own.
test('router.push("/404", as) and ("/_error", as) show the not-found page under as', async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openPage(browser, runtime);
    await page.goto("/nav/1");
    await hydrated(page);
    const shown: unknown[] = [];
    for (const href of ["/404", "/_error"]) {
      await page.evaluate(async (target) => {
        const { router } = (
          window as unknown as {
            next: { router: { push: (url: string, as: string) => Promise<boolean> } };
          }
        ).next;
        await router.push(target, "/nav/2");
      }, href);
      await page.waitForFunction(
        () => document.querySelector("h1")?.textContent !== "Navigation hooks",
      );
      shown.push({ href, ...(await shownPage(page)) });
      await page.goBack();
      await page.waitForFunction(
        () => document.querySelector("h1")?.textContent === "Navigation hooks",
      );
    }
    seen[runtime] = shown;
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("push /404 with as", seen.next, seen.shell);
});
