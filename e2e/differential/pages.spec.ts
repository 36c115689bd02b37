/**
 * Every page of the site, in each locale, asked for as a visitor's browser asks:
 * the status and redirect each runtime answers, then, in the browser, what the
 * page shows once settled (its text, title, the props it got, the router's
 * fields). The shell's pages raise no error in the browser.
 */
import { expect, test } from "@playwright/test";
import {
  answerOf,
  expectSame,
  hydrated,
  openPage,
  RUNTIMES,
  shownPage,
  type Runtime,
} from "./observe.ts";

const PAGES = [
  "/",
  "/about",
  "/ssr/one?x=1&x=2",
  "/ssr/not-found",
  "/ssr/redirect",
  "/ssr/redirect?to=permanent",
  "/ssr/redirect?to=status",
  "/ssr/throws",
  "/ssg/first",
  "/ssg/second",
  "/ssg-blocking/abc",
  "/ssg-blocking/missing",
  "/ssg-blocking/moved",
  "/ssg-fallback/listed",
  "/gip?q=1",
  "/docs/a/b",
  "/docs",
  "/shop",
  "/shop/red/xl",
  "/nope",
  "/head",
  "/typed?n=4",
  "/dynamic",
  "/links",
  // getStaticPaths naming an optional catch-all's root with null and [].
  "/ssg-optional",
  "/ssg-optional/a",
  // next/navigation's hooks in a page.
  "/nav/1?q=a&q=b",
  // A parameter's name with a dash: [hello-world].
  "/dash/hi-there",
  // Pages that differ only by precedence: c/[d] beside [a]/b; order/c/[d]/[e] beside
  // order/[a]/b/c, which React Router's own score would pick for /order/c/b/c.
  "/c/b",
  "/x/b",
  "/order/c/b/c",
  "/order/q/b/c",
];

const inLocale = (prefix: string, path: string) =>
  prefix === ""
    ? path
    : path === "/"
      ? prefix
      : path.startsWith("/?")
        ? prefix + path.slice(1)
        : prefix + path;

/** Asks both runtimes for `url`, then shows it in the browser when it is a page, and compares. */
function comparePage(url: string) {
  test(`the page at ${url}`, async ({ browser }) => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    const shellErrors: string[] = [];
    for (const runtime of RUNTIMES) {
      const answer = await answerOf(runtime, url);
      const observed: Record<string, unknown> = {
        status: answer.status,
        location: answer.location,
        // Set by the page's getServerSideProps with res.setHeader.
        header: answer.headers.get("x-fixture"),
      };
      if (answer.status < 300 || answer.status >= 400) {
        const { page, errors, close } = await openPage(browser, runtime);
        await page.goto(url);
        // Settled: Next.js renders a page again after a hydration mismatch (its 404's
        // `isReady` turns true then), which an idle network alone did not wait for.
        await hydrated(page);
        observed.shown = await shownPage(page);
        if (runtime === "shell") shellErrors.push(...errors);
        await close();
      }
      seen[runtime] = observed;
    }
    expectSame(`page ${url}`, seen.next, seen.shell);
    expect(shellErrors).toEqual([]);
  });
}

for (const prefix of ["", "/fr"]) {
  for (const path of PAGES) comparePage(inLocale(prefix, path));
}

// A locale written in mixed case, as Next.js sites write pt-BR: its prefix as
// configured, and in other cases.
for (const url of [
  "/pt-BR",
  "/pt-BR/about",
  "/pt-BR/ssr/one?x=1",
  "/pt-BR/nope",
  "/pt-br/about",
  "/PT-BR/ssr/one?x=1",
]) {
  comparePage(url);
}
