/**
 * Locales by domain (tests/nextjs-site-domains/, `i18n.domains`): what each
 * host serves, where `/` sends a visitor, what links and the router say, and
 * where a click goes, in both runtimes. The browser reaches the domains on
 * this machine (the suite's Chromium maps them to 127.0.0.1).
 */
import { expect, test, type Browser } from "@playwright/test";
import {
  answerAtHost,
  expectSame,
  openPage,
  routerReady,
  RUNTIMES,
  shownPage,
  type Runtime,
} from "./observe.ts";

/** A page's `__NEXT_DATA__` locale fields, `<html lang>`, its links' hrefs and the router it rendered. */
function pageFacts(body: string) {
  const data = /<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(body)?.[1];
  const nextData = data ? (JSON.parse(data) as Record<string, unknown>) : null;
  const links: Record<string, string | null> = {};
  for (const [tag] of body.matchAll(/<a\s[^>]*>/g)) {
    const id = /\sid="([^"]*)"/.exec(tag)?.[1];
    if (id) links[id] = /\shref="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? null;
  }
  const router = /<pre id="router">(.*?)<\/pre>/s.exec(body)?.[1];
  return {
    lang: /<html[^>]*\slang="([^"]*)"/.exec(body)?.[1] ?? null,
    nextData: nextData && {
      locale: nextData.locale,
      locales: nextData.locales,
      defaultLocale: nextData.defaultLocale,
      domainLocales: nextData.domainLocales,
    },
    links,
    router: router ? (JSON.parse(router.replaceAll("&quot;", '"')) as unknown) : null,
  };
}

const HOSTS = ["example.com", "example.fr", "EXAMPLE.nl:8080"];
const PATHS = ["/", "/about", "/fr/about", "/nl-BE/about", "/de/about", "/en/about", "/fr"];

for (const host of HOSTS) {
  for (const path of PATHS) {
    test(`locale domains: ${path} on ${host}`, async () => {
      const seen: Partial<Record<Runtime, unknown>> = {};
      for (const runtime of RUNTIMES) {
        const answer = await answerAtHost(runtime, "domains", host, path);
        seen[runtime] = {
          status: answer.status,
          location: answer.location,
          middleware: answer.headers["x-seen-locale"] ?? null,
          ...(answer.status === 200 && pageFacts(answer.body)),
        };
      }
      expectSame(`locale domains: ${path} on ${host}`, seen.next, seen.shell);
    });
  }
}

// `/` on each host, as each browser's languages ask for it.
const DETECTION: [host: string, headers: Record<string, string>][] = [
  ["example.com", { "accept-language": "fr-FR,fr;q=0.9" }],
  ["example.fr", { "accept-language": "en-US,en;q=0.8" }],
  ["example.com", { "accept-language": "nl-BE" }],
  ["example.nl", { "accept-language": "nl-BE" }],
  ["example.nl", { "accept-language": "nl-NL" }],
  // A locale no domain serves: the domain's own default.
  ["example.com", { "accept-language": "de" }],
  // On a domain, the remembered choice is not read.
  ["example.fr", { cookie: "NEXT_LOCALE=en" }],
  // A host that is no domain: the locale's prefix, as without domains.
  ["localhost", { "accept-language": "fr" }],
];

for (const [host, headers] of DETECTION) {
  test(`locale domains: / on ${host} with ${JSON.stringify(headers)}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const answer = await answerAtHost(runtime, "domains", host, "/", headers);
      seen[runtime] = { status: answer.status, location: answer.location };
    }
    expectSame(`locale domains: detection on ${host}`, seen.next, seen.shell);
  });
}

test("locale domains: / with a query, sent to another domain", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const answer = await answerAtHost(runtime, "domains", "example.com", "/?utm_source=x", {
      "accept-language": "fr",
    });
    seen[runtime] = { status: answer.status, location: answer.location };
  }
  expectSame("locale domains: detection with a query", seen.next, seen.shell);
});

/**
 * A page of the site on the domain `host`, in the suite's Chromium, in the
 * domain's own language: `/` sends a browser that prefers another domain's there.
 */
const openOnDomain = (browser: Browser, runtime: Runtime, host: string) =>
  openPage(browser, runtime, "domains", { host, locale: "fr-FR" });

test("locale domains: a click to a page of this domain stays in the page, in its locale", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openOnDomain(browser, runtime, "example.fr");
    await page.goto("/");
    await routerReady(page);
    await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
    const dataPaths: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/_next/data/"))
        dataPaths.push(pathname.replace(/^\/_next\/data\/[^/]+/, ""));
    });
    await page.click("#about");
    await expect(page.locator("h1")).toHaveText("About");
    seen[runtime] = {
      dataPaths,
      kept: await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true),
      host: new URL(page.url()).hostname,
      shown: await shownPage(page),
    };
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("locale domains: a click on the domain", seen.next, seen.shell);
});

test("locale domains: a link to another domain's locale loads it there", async ({ browser }) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { page, errors, close } = await openOnDomain(browser, runtime, "example.fr");
    // The other domain answers on its own port (443): a page of our own stands in for it.
    const arrived: string[] = [];
    await page.context().route("https://example.com/**", (route) => {
      arrived.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<h1>example.com</h1>" });
    });
    await page.goto("/");
    await routerReady(page);
    await page.click("#about-en");
    await expect(page.locator("h1")).toHaveText("example.com");
    // router.push with a locale of another domain: there too.
    await page.goBack();
    await routerReady(page);
    await page.evaluate(() => {
      const { router } = (
        window as unknown as {
          next: { router: { push: (u: string, a?: string, o?: object) => void } };
        }
      ).next;
      router.push("/about", undefined, { locale: "en" });
    });
    await expect(page.locator("h1")).toHaveText("example.com");
    seen[runtime] = { arrived };
    if (runtime === "shell") expect(errors).toEqual([]);
    await close();
  }
  expectSame("locale domains: to another domain", seen.next, seen.shell);
});
