/**
 * next.config.mjs's `headers()` (tests/nextjs-site/next.config.mjs), asked the
 * same requests in both runtimes: the rules' headers on pages, under a locale
 * prefix and with `locale: false`, with `has` and `missing` conditions and their
 * captures, on a 404, a public file, an API route and the middleware's own
 * answer, a later rule over an earlier one, and none on a redirect.
 */
import { test } from "@playwright/test";
import { baseOf, BROWSER_UA, expectSame, RUNTIMES, type Runtime } from "./observe.ts";

async function ruleHeaders(runtime: Runtime, path: string, headers: Record<string, string>) {
  const response = await fetch(baseOf(runtime) + path, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...headers },
  });
  await response.body?.cancel();
  const rules = [...response.headers].filter(([name]) => name.startsWith("x-rule-"));
  return { status: response.status, rules: Object.fromEntries(rules) };
}

const CASES: [name: string, path: string, headers?: Record<string, string>][] = [
  ["a page a rule names", "/about"],
  ["the same page under a locale prefix, and a rule with locale: false", "/fr/about"],
  ["a page no rule names", "/ssr/one"],
  ["a query a rule must have, captured into the header", "/ssr/5?hdr=mint"],
  ["a query that does not match the rule's value whole", "/ssr/5?hdr=a-b"],
  ["a header a rule must have, on a 404", "/no-such-page", { "x-want-rule": "1" }],
  ["a later rule over an earlier one", "/about", { "x-want-rule": "twice" }],
  ["a cookie a rule must miss", "/about", { "x-want-rule": "1", cookie: "no-rule=1" }],
  ["a public file", "/photo.png", { "x-want-rule": "1" }],
  ["an API route", "/api/echo", { "x-want-rule": "1" }],
  ["the middleware's own answer", "/mw/json", { "x-want-rule": "1" }],
  ["a page the middleware let through", "/mw/headers", { "x-want-rule": "1" }],
  ["a redirect of the URL's slash", "/about/", { "x-want-rule": "1" }],
];

for (const [name, path, headers = {}] of CASES) {
  test(`headers(): ${name}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) seen[runtime] = await ruleHeaders(runtime, path, headers);
    expectSame(`headers(): ${name}`, seen.next, seen.shell);
  });
}

/** `redirects()` with `locale: false`: the path is matched spelled with its locale, the default's too. */
const REDIRECTS: [name: string, path: string][] = [
  ["locale: false, an unprefixed path, matched as the default locale's", "/lf-about"],
  ["locale: false, a prefixed path", "/fr/lf-about"],
  ["locale: false, the default locale's prefix written", "/en/lf-about"],
  ["locale: false, a source without a locale: no path matches it", "/lf-plain"],
];

for (const [name, path] of REDIRECTS) {
  test(`redirects(): ${name}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const response = await fetch(baseOf(runtime) + path, {
        redirect: "manual",
        headers: { "user-agent": BROWSER_UA },
      });
      await response.body?.cancel();
      seen[runtime] = { status: response.status, location: response.headers.get("location") };
    }
    expectSame(`redirects(): ${name}`, seen.next, seen.shell);
  });
}
