/**
 * A page's data at its data URL, asked for as each runtime's client asks
 * (`/_next/data/<its build id>/<locale>/<path>.json`): the status, and the JSON
 * for a page with server data (`__N_SSP`, `__N_SSG`), `{ notFound: true }`, a
 * redirect as `__N_REDIRECT`; a 404 for what has no data, or another build's.
 */
import { test } from "@playwright/test";
import {
  answerOf,
  buildIdOf,
  expectSame,
  hydrated,
  openPage,
  RUNTIMES,
  type Runtime,
} from "./observe.ts";

const CASES: [string, (id: string) => string][] = [
  [
    "data of a page with getServerSideProps",
    (id) => `/_next/data/${id}/en/ssr/one.json?x=1&x=2&id=one`,
  ],
  [
    "data of a page with getServerSideProps, in another locale",
    (id) => `/_next/data/${id}/fr/ssr/one.json?id=one`,
  ],
  [
    "data of a page with getServerSideProps, in a locale written in mixed case",
    (id) => `/_next/data/${id}/pt-BR/ssr/one.json?id=one`,
  ],
  ["data of a catch-all page", (id) => `/_next/data/${id}/en/docs/a/b.json?path=a&path=b`],
  [
    "data of an optional catch-all page, with nothing caught",
    (id) => `/_next/data/${id}/en/shop.json`,
  ],
  [
    "data of a page whose getServerSideProps finds nothing",
    (id) => `/_next/data/${id}/en/ssr/not-found.json`,
  ],
  [
    "data of a page whose getServerSideProps redirects",
    (id) => `/_next/data/${id}/en/ssr/redirect.json`,
  ],
  [
    "data of a page whose getServerSideProps redirects with a status",
    (id) => `/_next/data/${id}/en/ssr/redirect.json?to=status`,
  ],
  ["data of a page with getStaticProps", (id) => `/_next/data/${id}/en/ssg/first.json?slug=first`],
  [
    "data of a page with getStaticProps, in the locale it is listed in",
    (id) => `/_next/data/${id}/fr/ssg/second.json?slug=second`,
  ],
  [
    "data of a page whose getStaticProps finds nothing",
    (id) => `/_next/data/${id}/en/ssg-blocking/missing.json?slug=missing`,
  ],
  [
    "data of a page whose getStaticProps redirects",
    (id) => `/_next/data/${id}/en/ssg-blocking/moved.json?slug=moved`,
  ],
  ["data URL of a page without server data", (id) => `/_next/data/${id}/en/about.json`],
  ["data URL of an unknown locale", (id) => `/_next/data/${id}/xx/ssr/one.json`],
  ["data URL of another build", () => `/_next/data/an-old-build/en/ssr/one.json`],
];

for (const [name, urlOf] of CASES) {
  test(name, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const answer = await answerOf(runtime, urlOf(await buildIdOf(runtime)));
      seen[runtime] = {
        status: answer.status,
        ...(answer.json === undefined ? { body: answer.body } : { json: answer.json }),
      };
    }
    expectSame(name, seen.next, seen.shell);
  });
}

test("getStaticProps' revalidateReason: build, then on-demand after res.revalidate", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  const reason = async (runtime: Runtime) => {
    const { body } = await answerOf(runtime, "/ssg-reason");
    const props = /<pre id="props">(.*?)<\/pre>/s.exec(body)?.[1]?.replace(/&quot;/g, '"');
    return props ? (JSON.parse(props) as { revalidateReason: string }).revalidateReason : null;
  };
  for (const runtime of RUNTIMES) {
    const first = await reason(runtime);
    // Ours keeps the page once its first request is answered: let it be kept.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const revalidated = (await answerOf(runtime, "/api/revalidate?path=/ssg-reason")).json;
    seen[runtime] = {
      first,
      revalidated,
      then: await reason(runtime),
      again: await reason(runtime),
    };
  }
  expectSame("revalidateReason", seen.next, seen.shell);
});

test("getStaticProps' revalidateReason: on-demand after res.revalidate of a page nobody asked for since the start", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const revalidated = (await answerOf(runtime, "/api/revalidate?path=/ssg-reason-cold")).json;
    const { body } = await answerOf(runtime, "/ssg-reason-cold");
    const props = /<pre id="props">(.*?)<\/pre>/s.exec(body)?.[1]?.replace(/&quot;/g, '"');
    seen[runtime] = {
      revalidated,
      reason: props ? (JSON.parse(props) as { revalidateReason: string }).revalidateReason : null,
    };
  }
  expectSame("revalidateReason, revalidated first", seen.next, seen.shell);
});

test("Cache-Control of a page rendered per request, and of its data", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const page = await answerOf(runtime, "/ssr/one?id=one");
    const data = await answerOf(runtime, `/_next/data/${await buildIdOf(runtime)}/en/ssr/one.json`);
    seen[runtime] = {
      page: [page.status, page.headers.get("cache-control")],
      data: [data.status, data.headers.get("cache-control")],
    };
  }
  expectSame("Cache-Control per request", seen.next, seen.shell);
});

test("four quick clicks on a link to a page rendered per request make one getServerSideProps call", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const calls = async () =>
      ((await answerOf(runtime, "/api/counted?key=clicks")).json as { calls: number }).calls;
    const before = await calls();
    const { page, errors, close } = await openPage(browser, runtime);
    await page.goto("/dedupe");
    await hydrated(page);
    for (let i = 0; i < 4; i++) await page.click("#counted-link", { noWaitAfter: true });
    await page.waitForSelector("#counted");
    await page.waitForLoadState("networkidle");
    seen[runtime] = {
      calls: (await calls()) - before,
      shown: await page.locator("#counted").textContent(),
      errors,
    };
    await close();
  }
  expectSame("deduped data requests", seen.next, seen.shell);
});
