import { afterEach, describe, expect, test, vi } from "vitest";
import { newReference, REFERENCE, withoutQuery } from "../../app/routing/reporting.ts";
import { Redis } from "ioredis";
import { rateLimit } from "../../server/platform/rate-limit.ts";
import { isCrossSite, readReports } from "../../server/steps/reports.ts";

describe("reading reports", () => {
  test("a CSP report (report-uri): the violation, URLs without their query", () => {
    const body = {
      "csp-report": {
        "document-uri": "https://shop.example/about?email=a@b.example",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/x.js?token=1",
        "source-file": "https://shop.example/about",
        "line-number": 12,
        disposition: "enforce",
      },
    };
    expect(readReports("application/csp-report", body)).toEqual([
      {
        kind: "csp-violation",
        documentUrl: "https://shop.example/about",
        directive: "script-src-elem",
        blocked: "https://evil.example/x.js",
        source: "https://shop.example/about",
        line: 12,
        disposition: "enforce",
      },
    ]);
  });

  test("Reporting API batches: CSP violations only, at most ten", () => {
    const violation = {
      type: "csp-violation",
      body: {
        documentURL: "https://a.example/",
        effectiveDirective: "img-src",
        blockedURL: "data",
      },
    };
    const batch = [
      { type: "deprecation", body: {} },
      ...Array.from({ length: 15 }, () => violation),
    ];
    const read = readReports("application/reports+json", batch);
    expect(read).toHaveLength(9); // ten read, one of them not a violation
    expect(read[0]).toMatchObject({ kind: "csp-violation", directive: "img-src" });
  });

  test("a client exception: trimmed, its reference kept when well formed", () => {
    const stack = Array.from({ length: 50 }, (_, i) => `    at f${i} (/assets/a.js:1:${i})`).join(
      "\n",
    );
    const [report] = readReports("application/json", {
      type: "client-error",
      reference: "ab12cd34",
      message: `boom\u0000\u001b[31m${"x".repeat(1000)}`,
      stack,
      route: "routes/lab.client-error",
      buildId: "3690688a",
      page: "0f3a9c2b71d4",
      url: "https://shop.example/lab/client-error?secret=1#frag",
    });
    expect(report).toMatchObject({
      kind: "client-error",
      reference: "ab12cd34",
      page: "0f3a9c2b71d4",
      route: "routes/lab.client-error",
      buildId: "3690688a",
      url: "https://shop.example/lab/client-error",
    });
    if (report?.kind !== "client-error") throw new Error("not a client error");
    expect(report.message.startsWith("boom[31m")).toBe(true);
    expect(report.message.length).toBeLessThanOrEqual(501);
    expect(report.stack.split("\n")).toHaveLength(20);
  });

  test.each([
    ["application/json", { type: "client-error", reference: "../../etc" }, null],
    ["application/json", { type: "client-error", reference: "AB12CD34" }, null],
  ])("a malformed reference is dropped: %s %j", (type, body, reference) => {
    expect(readReports(type, body)[0]).toMatchObject({ reference });
  });

  test("a page id that is no request id is dropped", () => {
    const body = { type: "client-error", page: "x\r\nSet-Cookie: a=1" };
    expect(readReports("application/json", body)[0]).toMatchObject({ page: null });
  });

  test.each([
    ["application/json", { type: "other" }],
    ["application/json", [1, 2]],
    ["application/json", null],
    ["application/csp-report", { report: {} }],
    ["application/reports+json", { type: "csp-violation" }],
    ["text/plain", { type: "client-error" }],
  ])("%s %j holds no report", (type, body) => {
    expect(readReports(type, body)).toEqual([]);
  });
});

describe("same-origin only", () => {
  const own = "https://shop.example";
  test.each([
    [undefined, undefined, false],
    [own, "same-origin", false],
    [undefined, "same-origin", false],
    [own, undefined, false],
    ["https://evil.example", undefined, true],
    ["null", undefined, true],
    [undefined, "cross-site", true],
    [undefined, "same-site", true],
    [own, "cross-site", true],
    // A proxy's forwarded host may differ from what the browser shows; the browser's word wins.
    ["http://localhost:8080", "same-origin", false],
  ])("Origin %s, Sec-Fetch-Site %s: cross-site %s", (origin, site, cross) => {
    expect(isCrossSite(origin, site, own)).toBe(cross);
  });
});

describe("the rate per client", () => {
  afterEach(() => vi.useRealTimers());

  const takes = async (limit: ReturnType<typeof rateLimit>, key: string, n: number) => {
    const taken: boolean[] = [];
    for (let i = 0; i < n; i++) taken.push(await limit.take(key));
    return taken;
  };

  test("points per window, per address; a new window starts afresh", async () => {
    vi.useFakeTimers();
    const limit = rateLimit("test", { points: 3, seconds: 10 });
    expect(await takes(limit, "a", 4)).toEqual([true, true, true, false]);
    expect(await limit.take("b")).toBe(true);
    vi.advanceTimersByTime(9_000);
    expect(await limit.take("a")).toBe(false);
    vi.advanceTimersByTime(1_001);
    expect(await takes(limit, "a", 4)).toEqual([true, true, true, false]);
  });

  test("with a Redis that cannot be reached, counted in this process: never failing, never lapsing", async () => {
    // A port nothing listens on, and no connection attempt: the client is never ready.
    const redis = new Redis("redis://127.0.0.1:9", {
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    const limit = rateLimit("test", { points: 2, seconds: 60 }, redis);
    expect(await takes(limit, "a", 3)).toEqual([true, true, false]);
    redis.disconnect();
  });
});

test("references: eight characters of [0-9a-z]; URLs lose query and fragment", () => {
  const references = new Set(Array.from({ length: 200 }, newReference));
  expect(references.size).toBe(200);
  for (const reference of references) expect(reference).toMatch(REFERENCE);
  expect(withoutQuery("https://a.example/p?q=1#f")).toBe("https://a.example/p");
  expect(withoutQuery("/p#f")).toBe("/p");
  expect(withoutQuery("not a url")).toBe("not a url");
});
