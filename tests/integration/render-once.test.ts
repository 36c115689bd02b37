/**
 * Pages rendered once against pages rendered per request: the same build, one
 * server with the render-once cache and one without, every route in every
 * locale, documents and route data. Documented differences (docs/caching.md, "Pages
 * rendered once"): a page rendered once holds no request id in its data, and it
 * is rendered whole, as a crawler gets it; a person's per-request render may
 * stream the same data into React's placeholders instead.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { canonicalLink, startServer, type HttpResponse, type RunningServer } from "./harness.ts";

const REQUEST_ID = "difftest0001";
// Crawlers get whole documents, the form a page rendered once takes for everybody.
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let once: RunningServer;
let perRequest: RunningServer;
beforeAll(async () => {
  // TRUST_PROXY: so the test chooses the request id and the public origin.
  [once, perRequest] = await Promise.all([
    startServer({ TRUST_PROXY: "1" }),
    startServer({ TRUST_PROXY: "1", RENDER_CACHE_MAX_BYTES: "0" }),
  ]);
});
afterAll(() => Promise.all([once.stop(), perRequest.stop()]));

const PAGES = ["/", "/about", "/blog/new", "/docs/a/b", "/shop", "/shop/red/xl", "/nope"];
const PREFIXES = ["", "/en", "/fr", "/de"];
const localized = PREFIXES.flatMap((prefix) =>
  PAGES.map((page) => (prefix && page === "/" ? prefix : prefix + page)),
);
/** React Router's name for a page's data: `/about.data`, `/_.data` for the root. */
const dataPath = (path: string) => (path === "/" ? "/_.data" : `${path}.data`);

const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) =>
  server.request(path, {
    headers: {
      "user-agent": CRAWLER,
      "x-request-id": REQUEST_ID,
      "x-forwarded-host": "shop.example",
      ...headers,
    },
  });

/** Waits for the server's log line saying it has rendered this page once. */
const renderedOnce = (origin: string, target: string) =>
  once.waitForLog(
    (line) => line.msg === "page rendered once" && line.origin === origin && line.target === target,
  );

/**
 * The documented differences: a page rendered per request carries its request
 * id in its data, and its response's CSP nonce on its scripts.
 */
const withoutPerRequestParts = (response: HttpResponse) =>
  response.body.replaceAll(REQUEST_ID, "").replace(/ nonce="[A-Za-z0-9+/=]+"/g, "");

describe.each([
  ["page", (path: string) => path],
  ["route data", dataPath],
])("%s: rendered once = rendered per request, byte for byte", (_, target) => {
  test.each(localized)("%s", async (path) => {
    // The first request is rendered per request; React Router's match then has the page rendered once.
    await get(once, target(path));
    await renderedOnce("http://shop.example", target(path));
    const [kept, fresh] = await Promise.all([
      get(once, target(path)),
      get(perRequest, target(path)),
    ]);
    expect(kept.status).toBe(fresh.status);
    expect(kept.headers["content-type"]).toBe(fresh.headers["content-type"]);
    expect(kept.body).toBe(withoutPerRequestParts(fresh));
    expect(kept.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(kept.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(kept.headers["x-request-id"]).toBe(REQUEST_ID);
  });
});

describe("what varies per request stays right", () => {
  test("the origin in canonical links follows each request's public origin", async () => {
    const a = await get(once, "/fr/about", { "x-forwarded-host": "a.example" });
    const b = await get(once, "/fr/about", { "x-forwarded-host": "b.example" });
    expect(canonicalLink(a.body)).toBe("http://a.example/fr/about");
    expect(canonicalLink(b.body)).toBe("http://b.example/fr/about");
  });

  test("each answer has its own request id, in its header and its access-log line", async () => {
    const first = await once.request("/about");
    const second = await once.request("/about");
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
    expect(await once.accessLog(second)).toMatchObject({ status: 200, route: "/about" });
  });

  test("the locale cookie still sends / to the chosen locale, and / varies on it", async () => {
    await get(once, "/");
    const chosen = await get(once, "/", { cookie: "locale=de" });
    expect(chosen.status).toBe(307);
    expect(chosen.headers.location).toBe("/de");
    const plain = await get(once, "/");
    expect(plain.status).toBe(200);
    expect(plain.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
  });

  test("the build id is on every answer kept in memory", async () => {
    const health = JSON.parse((await once.request("/healthz")).body) as { buildId: string };
    expect((await once.request("/about")).headers["x-build-id"]).toBe(health.buildId);
  });
});

/** Requests a page until it is answered from memory (it carries an ETag), bounded. */
async function kept(path: string, options: Parameters<RunningServer["request"]>[1] = {}) {
  await once.request(path, options);
  await renderedOnce(once.origin, path);
  return once.request(path, options);
}

describe("serving from memory", () => {
  test("concurrent first requests for a page render it once, for all that follow", async () => {
    const path = "/docs/concurrent/first";
    const answers = await Promise.all(Array.from({ length: 8 }, () => once.request(path)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await renderedOnce(once.origin, path);
    const later = await Promise.all(Array.from({ length: 8 }, () => once.request(path)));
    expect(new Set(later.map((a) => a.headers.etag)).size).toBe(1);
    const renders = once.logs.filter((l) => l.msg === "page rendered once" && l.target === path);
    expect(renders).toHaveLength(1);
  });

  test("a matching If-None-Match answers 304 with no body", async () => {
    const { headers } = await kept("/about");
    const revalidated = await once.request("/about", {
      headers: { "if-none-match": headers.etag as string },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(headers.etag);
  });

  test("a 404 page is kept too, and is never a 304", async () => {
    const first = await kept("/nope/kept");
    const again = await once.request("/nope/kept", {
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(again.body).toBe(first.body);
  });

  test("HEAD answers the kept page's headers without its body", async () => {
    const page = await kept("/about");
    const head = await once.request("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(page.headers["content-length"]);
  });

  test("route data kept in memory varies on the page's build id", async () => {
    const data = await kept("/about.data");
    expect(data.headers.vary).toBe("X-Build-Id");
    const oldTab = await once.request("/about.data", { headers: { "x-build-id": "old-build" } });
    expect(oldTab.status).toBe(204);
    expect(oldTab.headers["x-remix-reload-document"]).toBe("true");
  });
});

describe("pages rendered per request", () => {
  test.each(["/blog/hello", "/fr/blog/hello", "/blog/hello.data"])(
    "%s (a per-request loader) is never kept, and never cached by others",
    async (path) => {
      const first = await once.request(path);
      const second = await once.request(path);
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe(
        "private, no-cache, no-store, max-age=0, must-revalidate",
      );
      expect(first.headers.etag).toBeUndefined();
      expect(second.body).not.toBe(""); // rendered again: its own request id, its own time
      expect(second.body).toContain(second.headers["x-request-id"]);
    },
  );

  test("a POST to a page rendered once is rendered for it, not answered from memory nor kept", async () => {
    const response = await once.request("/about", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "0" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe(
      "private, no-cache, no-store, max-age=0, must-revalidate",
    );
    expect(response.headers.age).toBeUndefined();
  });
});
