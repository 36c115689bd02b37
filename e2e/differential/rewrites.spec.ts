/**
 * next.config.mjs's `rewrites()` (tests/nextjs-site/next.config.mjs), asked
 * the same requests in both runtimes: each phase (`beforeFiles` over a page by
 * a condition and to a public file; `afterFiles` with parameters in the path and
 * in the query, a catch-all, over a dynamic page, to an API route, with a `has`
 * capture, `locale: false`, one rule leading to another; `fallback` after the
 * pages, and not over a dynamic page that matches), under a locale prefix; then
 * in a browser, rewritten documents and clicks, which must end on the same URL
 * showing the same page with the same props and router fields.
 */
import { test } from "@playwright/test";
import {
  answerOf,
  BROWSER_UA,
  expectSame,
  hydrated,
  openPage,
  RUNTIMES,
  shownPage,
  type Runtime,
} from "./observe.ts";

/** What a request gets: its status, and its page's props (in the page's JSON) or its body. */
async function observe(runtime: Runtime, path: string, headers: Record<string, string>) {
  const answer = await answerOf(runtime, path, { "user-agent": BROWSER_UA, ...headers });
  const type = answer.headers.get("content-type")?.split(";")[0] ?? null;
  const props = /<pre id="props">(.*?)<\/pre>/s.exec(answer.body)?.[1];
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(answer.body)?.[1];
  return {
    status: answer.status,
    location: answer.location,
    type,
    ...(type === "text/html"
      ? {
          heading: heading?.replace(/<!-- -->/g, "") ?? null,
          props: props
            ? (JSON.parse(props.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as unknown)
            : null,
        }
      : answer.json !== undefined
        ? { json: answer.json }
        : { bytes: answer.body.length }),
  };
}

const CASES: [name: string, path: string, headers?: Record<string, string>][] = [
  ["afterFiles: to a page without data", "/rw/about"],
  ["afterFiles: under a locale prefix", "/fr/rw/about"],
  ["afterFiles: a parameter into the path, the query kept", "/rw/post/21?q=1&q=2"],
  ["afterFiles: a parameter into the query", "/rw/query/hello?x=1"],
  ["afterFiles: a catch-all", "/rw/docs/a/b%20c"],
  ["afterFiles: over a dynamic page", "/c/rw-after"],
  ["afterFiles: to an API route", "/rw/api/9?x=1"],
  ["afterFiles: a has condition's capture", "/rw/has", { "x-rw": "mint" }],
  ["afterFiles: a has condition not met", "/rw/has"],
  ["afterFiles: locale: false", "/fr/rw/own-locale"],
  ["afterFiles: locale: false, another locale", "/rw/own-locale"],
  ["afterFiles: one rule leading to another", "/rw/chain"],
  ["beforeFiles: over a page, by a query", "/about?rw=before"],
  ["beforeFiles: the page itself without it", "/about?rw=after"],
  ["beforeFiles: to a public file", "/rw/file"],
  ["beforeFiles: over a public file, by a query", "/photo.png?rw=before"],
  ["beforeFiles: the public file itself without it", "/photo.png?rw=after"],
  ["beforeFiles: locale: false to a public file, written without a locale", "/fr/rw-lf/photo.png"],
  ["beforeFiles: locale: false to an API route, written without a locale", "/fr/rw-lf/api/echo"],
  ["beforeFiles: locale: false to a page, in the request's locale", "/fr/rw-lf/about"],
  ["beforeFiles: locale: false, an unprefixed path", "/rw-lf/photo.png"],
  ["fallback: after the pages", "/rw-missing/31"],
  ["fallback: under a locale prefix", "/pt-BR/rw-missing/32"],
  ["fallback: not over a dynamic page that matches", "/c/other"],
  ["fallback: to a page without data", "/rw/plain"],
  ["no rule: a 404", "/rw/nothing"],
];

for (const [name, path, headers = {}] of CASES) {
  test(`rewrites(): ${name}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) seen[runtime] = await observe(runtime, path, headers);
    expectSame(`rewrites(): ${name}`, seen.next, seen.shell);
  });
}

const DOCUMENTS: [name: string, path: string][] = [
  ["a rewritten document", "/rw/about"],
  ["a rewritten document with data", "/rw/post/21?q=1"],
  ["a fallback document", "/fr/rw-missing/31"],
];

for (const [name, path] of DOCUMENTS) {
  test(`rewrites() in the browser: ${name}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto(path);
      await hydrated(page);
      seen[runtime] = await shownPage(page);
      await close();
    }
    expectSame(`rewrites() in the browser: ${name}`, seen.next, seen.shell);
  });
}

const CLICKS: [name: string, link: string, landsOn: string][] = [
  ["a click rewritten to a page without data", "#about", "/rw/about"],
  ["a click rewritten to a page with data", "#post", "/rw/post/21?q=1"],
  ["a click rewritten over a dynamic page", "#after", "/c/rw-after"],
  ["a click to a fallback page with data", "#fallback", "/rw-missing/31"],
  ["a click to a fallback without data", "#plain", "/rw/plain"],
  ["a click rewritten before the pages, by a query", "#before", "/about?rw=before"],
];

for (const [name, link, landsOn] of CLICKS) {
  test(`rewrites() in the browser: ${name}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const { page, close } = await openPage(browser, runtime);
      await page.goto("/rw");
      await hydrated(page);
      await page.click(link);
      await page.waitForURL((url) => url.pathname + url.search === landsOn);
      await page.waitForFunction(() => document.querySelector("#__next h1") !== null);
      seen[runtime] = await shownPage(page);
      await close();
    }
    expectSame(`rewrites() in the browser: ${name}`, seen.next, seen.shell);
  });
}
