/**
 * Time-based revalidation (a route exporting `revalidate`), on the fixture
 * /lab/revalidate (`revalidate = 2`; its page shows which render of its loader
 * it is): served from memory, stale pages still answered at once while one
 * background render replaces them, a failed render keeping the old page and
 * logged once per try, and the headers a shared cache reads.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type HttpResponse, type RunningServer } from "./harness.ts";

const PAGE = "/lab/revalidate";
const REVALIDATE_S = 2;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ E2E_FIXTURES: "1" });
});
afterAll(() => server.stop());

const renderOf = (response: HttpResponse) =>
  Number(/data-render="(\d+)"/.exec(response.body)?.[1] ?? NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next answer from memory (a page kept once has a shared-cache Cache-Control). */
async function kept(path = PAGE): Promise<HttpResponse> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await server.request(path);
    if (String(response.headers["cache-control"]).startsWith("public")) return response;
    if (Date.now() > deadline) throw new Error(`${path} was not kept within 5 s`);
    await sleep(50);
  }
}

/** Polls until the page served is a later render than `than`. */
async function renderedAfter(than: number): Promise<HttpResponse> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await server.request(PAGE);
    if (renderOf(response) > than) return response;
    if (Date.now() > deadline) throw new Error(`no render after ${than} within 5 s`);
    await sleep(50);
  }
}

const setFailing = (fail: boolean) =>
  server.request(PAGE, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.origin,
      Host: new URL(server.origin).host,
    },
    body: `fail=${fail ? 1 : 0}`,
  });

/** The log's lines for renders of the page that replaced a kept one. */
const revalidations = () =>
  server.logs.filter((l) => l.msg === "page rendered once" && l.target === PAGE && l.revalidated);

const failures = () =>
  server.logs.filter(
    (l) => l.msg === "revalidation failed: the kept page is served until the next try",
  );

describe("a page that revalidates every two seconds", () => {
  test("is kept after its first request, with what a shared cache may do and its true Age", async () => {
    const first = await server.request(PAGE);
    expect(first.status).toBe(200);
    // The first request is rendered for it alone, as any page's.
    expect(first.headers["cache-control"]).toBe(
      "private, no-cache, no-store, max-age=0, must-revalidate",
    );
    const page = await kept();
    expect(page.headers["cache-control"]).toBe(
      `public, max-age=0, s-maxage=${REVALIDATE_S}, stale-while-revalidate=${REVALIDATE_S}`,
    );
    expect(Number(page.headers.age)).toBeGreaterThanOrEqual(0);
    expect(Number(page.headers.age)).toBeLessThanOrEqual(1);
    // From memory: the same render, however often it is asked for within the second.
    const again = await server.request(PAGE);
    expect(renderOf(again)).toBe(renderOf(page));
  });

  test("once stale, it is still answered at once; one render replaces it, however many ask", async () => {
    const before = renderOf(await kept());
    const revalidationsBefore = revalidations().length;
    await sleep(REVALIDATE_S * 1000 + 200);
    const stale = await Promise.all(Array.from({ length: 10 }, () => server.request(PAGE)));
    const fresh = await renderedAfter(before);
    // The kept page was answered at once, its Age past the interval; on a busy host the
    // last of the ten may come after the new render is kept, and get that one.
    for (const response of stale) {
      expect(response.status).toBe(200);
      expect([before, renderOf(fresh)]).toContain(renderOf(response));
    }
    const old = stale.filter((response) => renderOf(response) === before);
    expect(old.length).toBeGreaterThanOrEqual(1);
    for (const response of old) expect(Number(response.headers.age)).toBeGreaterThanOrEqual(1);
    // One background render for the ten, not ten: its line, and no other after it.
    await server.waitForLog(() => revalidations().length > revalidationsBefore);
    await sleep(300);
    expect(revalidations().length).toBe(revalidationsBefore + 1);
    expect(Number(fresh.headers.age)).toBeLessThanOrEqual(1);
  });

  test("a render that fails keeps the old page, is logged once with its URL, and is tried again after the next interval", async () => {
    const before = renderOf(await kept());
    expect((await setFailing(true)).status).toBe(200);
    try {
      await sleep(REVALIDATE_S * 1000 + 200);
      const during = await server.request(PAGE);
      expect(during.status).toBe(200);
      expect(renderOf(during)).toBe(before);
      const failure = await server.waitForLog(
        (l) => l.msg === "revalidation failed: the kept page is served until the next try",
      );
      expect(failure).toMatchObject({ level: "error", target: PAGE, retryInS: REVALIDATE_S });
      expect(JSON.stringify(failure.err)).toContain("the data source is down");
      // Asked again within the interval: the old page, and no new try.
      const count = failures().length;
      for (let i = 0; i < 5; i++) expect(renderOf(await server.request(PAGE))).toBe(before);
      await sleep(300);
      expect(failures().length).toBe(count);
      // After the next interval, one more try, one more line: an interval after the first.
      await sleep(REVALIDATE_S * 1000);
      expect(renderOf(await server.request(PAGE))).toBe(before);
      await server.waitForLog(() => failures().length === count + 1);
      const [first, second] = failures()
        .slice(-2)
        .map((l) => Date.parse(String(l.time)));
      expect(second! - first!).toBeGreaterThanOrEqual(REVALIDATE_S * 1000 - 50);
    } finally {
      await setFailing(false);
    }
    // Mended: the next try after the interval brings a new render.
    await sleep(REVALIDATE_S * 1000 + 200);
    expect(renderOf(await renderedAfter(before))).toBeGreaterThan(before);
  });

  test("its route data revalidates the same way", async () => {
    const data = `${PAGE}.data`;
    await server.request(data);
    const page = await kept(data);
    expect(page.headers["cache-control"]).toMatch(/s-maxage=2, stale-while-revalidate=2/);
    expect(page.headers.vary).toMatch(/X-Build-Id/);
  });
});

test("a page rendered once that does not revalidate says nothing of shared caches or Age", async () => {
  await server.request("/about");
  const page = await kept("/about");
  expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(page.headers.age).toBeUndefined();
});
