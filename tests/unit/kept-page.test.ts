/**
 * A kept page as the shared cache holds it, and the freshness policy every tier
 * applies to it.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  decodeKeptPage,
  encodeKeptPage,
  freshness,
  type KeptPage,
} from "../../server/pages/cache/kept-page.ts";
import { parseEvent, redactedUrl } from "../../server/pages/cache/shared.ts";

const representation = (body: string, etag: string) => ({
  body: Buffer.from(body),
  etag,
  headers: { "Content-Type": "text/html", "Content-Length": body.length, ETag: etag },
  notModifiedHeaders: { ETag: etag },
});

const page: KeptPage = {
  status: 200,
  routePattern: "/lab/revalidate",
  identity: representation("<p>render 1</p>", '"a"'),
  encoded: new Map([
    ["br", representation("brotli bytes", '"a-br"')],
    ["gzip", representation("gzip bytes!", '"a-gzip"')],
  ]),
  renderedAt: 1_000_000,
  revalidateMs: 2000,
  staleAt: 1_002_000,
  target: "/lab/revalidate?x=1",
  tags: ["lab"],
};

describe("encodeKeptPage / decodeKeptPage", () => {
  test("a page comes back as it was kept, every encoding with its headers", () => {
    const back = decodeKeptPage(encodeKeptPage(page, "build-1"), "build-1", 1_000_500);
    expect(back).toEqual(page);
    expect(back!.encoded.get("br")!.body.toString()).toBe("brotli bytes");
  });

  test("a page kept until evicted stays so", () => {
    const forever = { ...page, revalidateMs: null, staleAt: Infinity, encoded: new Map() };
    expect(decodeKeptPage(encodeKeptPage(forever, "b"), "b")).toEqual(forever);
  });

  test("another build's page is no page", () => {
    expect(decodeKeptPage(encodeKeptPage(page, "build-1"), "build-2")).toBeNull();
  });

  const encoded = encodeKeptPage(page, "b");
  const json = (edit: (d: Record<string, unknown>) => void) => {
    const length = encoded.readUInt32BE(0);
    const description = JSON.parse(encoded.subarray(4, 4 + length).toString()) as Record<
      string,
      unknown
    >;
    edit(description);
    const text = Buffer.from(JSON.stringify(description));
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32BE(text.length);
    return Buffer.concat([prefix, text, encoded.subarray(4 + length)]);
  };
  test.each([
    ["nothing", Buffer.alloc(0)],
    ["three bytes", Buffer.from([0, 0, 1])],
    ["a length past the end", Buffer.from([0, 0, 1, 0, 123])],
    ["not JSON", Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from("{x}")])],
    ["a body cut short", encoded.subarray(0, encoded.length - 1)],
    ["a byte too many", Buffer.concat([encoded, Buffer.from("!")])],
    ["another format", json((d) => (d.format = 2))],
    ["a status that is no number", json((d) => (d.status = "200"))],
    ["a revalidate of 0", json((d) => (d.revalidateMs = 0))],
    ["tags that are not strings", json((d) => (d.tags = [1]))],
    [
      "an unknown encoding",
      json((d) => ((d.representations as { encoding: string }[])[1]!.encoding = "zstd")),
    ],
    [
      "headers with an object in them",
      json((d) => ((d.representations as { headers: unknown }[])[0]!.headers = { a: {} })),
    ],
    ["no identity first", json((d) => (d.representations as unknown[]).reverse())],
    ["a representation that is null", json((d) => ((d.representations as unknown[])[1] = null))],
    ["a status no server answers with", json((d) => (d.status = 999))],
  ])("%s is no page", (_, bytes) => {
    expect(decodeKeptPage(bytes, "b")).toBeNull();
  });
});

test("whatever a shared cache holds, decoding never throws: a page or null", () => {
  const encoded = encodeKeptPage(page, "b");
  const length = encoded.readUInt32BE(0);
  const description = JSON.parse(encoded.subarray(4, 4 + length).toString()) as unknown;
  // One place in a real page's description given any JSON value, the bodies kept.
  const places: (string | number)[][] = [
    [],
    ["status"],
    ["routePattern"],
    ["renderedAt"],
    ["revalidateMs"],
    ["target"],
    ["tags"],
    ["tags", 0],
    ["representations"],
    ["representations", 0],
    ["representations", 1],
    ["representations", 1, "encoding"],
    ["representations", 1, "headers"],
    ["representations", 1, "notModifiedHeaders"],
    ["representations", 2, "bytes"],
  ];
  const withValue = (path: (string | number)[], value: unknown) => {
    if (path.length === 0) return value;
    const copy = structuredClone(description) as Record<string | number, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path.at(-1)!] = value;
    return copy;
  };
  const framed = (json: string) => {
    const text = Buffer.from(json);
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32BE(text.length);
    return Buffer.concat([prefix, text, encoded.subarray(4 + length)]);
  };
  fc.assert(
    fc.property(fc.constantFrom(...places), fc.jsonValue(), (path, value) => {
      const decoded = decodeKeptPage(framed(JSON.stringify(withValue(path, value)) ?? "null"), "b");
      expect(decoded === null || typeof decoded === "object").toBe(true);
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(decodeKeptPage(Buffer.from(bytes), "b")).toBeNull();
    }),
  );
});

describe("freshness: what a request makes of a kept page", () => {
  const at = (renderedAt: number, revalidateMs: number | null, staleAt: number) => ({
    renderedAt,
    revalidateMs,
    staleAt,
  });
  test.each([
    ["kept until evicted: no Age, never stale", at(0, null, Infinity), 10_000_000, null, false],
    ["fresh", at(10_000, 2000, 12_000), 11_999, 1, false],
    ["stale at its interval", at(10_000, 2000, 12_000), 12_000, 2, true],
    ["stale long after", at(10_000, 2000, 12_000), 70_000, 60, true],
    // A failed render moved staleAt a full interval on from the try: served, not retried.
    [
      "after a failed try, fresh until the next interval",
      at(10_000, 2000, 14_500),
      13_000,
      3,
      false,
    ],
    [
      "after a failed try, tried again once that has passed",
      at(10_000, 2000, 14_500),
      14_500,
      4,
      true,
    ],
    // Another replica's clock was ahead: the page's Age is never negative.
    ["rendered by a clock ahead of ours", at(20_000, 2000, 12_000), 11_000, 0, false],
  ])("%s", (_, page, now, age, revalidate) => {
    expect(freshness(page, now)).toEqual({ age, revalidate });
  });

  test("a page from a clock ahead of ours is fresh for one interval from now, no longer", () => {
    const ahead = { ...page, renderedAt: 1_000_000 + 60_000 };
    const back = decodeKeptPage(encodeKeptPage(ahead, "b"), "b", 1_000_000)!;
    expect(back.staleAt).toBe(1_000_000 + 2000);
    expect(freshness(back, 1_002_000)).toEqual({ age: 0, revalidate: true });
  });
});

describe("the shared cache's messages", () => {
  test.each([
    ['{"type":"purge","id":"1","request":{"kind":"tags","names":["lab"]}}', "purge"],
    ['{"type":"replaced","build":"b","key":"http://h/a","from":"host:1"}', "replaced"],
    ['{"type":"ack","id":"1","from":"host:1","pages":3,"ok":true}', "ack"],
  ])("%s is a %s", (raw, type) => {
    expect(parseEvent(raw)?.type).toBe(type);
  });

  test.each([
    "not json",
    "null",
    '{"type":"purge","id":"1","request":{"kind":"paths","names":["//evil.example"]}}',
    '{"type":"purge","id":"1","request":{"kind":"tags","names":[]}}',
    '{"type":"purge","id":"","request":{"kind":"tags","names":["lab"]}}',
    '{"type":"ack","id":"1","from":"h","pages":"3","ok":true}',
    '{"type":"replaced","build":"b","key":""}',
    '{"type":"flush"}',
  ])("%s is ignored", (raw) => {
    expect(parseEvent(raw)).toBeNull();
  });
});

test.each([
  ["redis://cache:6379", "redis://cache:6379"],
  ["redis://:s3cret@cache:6379/1", "redis://:***@cache:6379/1"],
  ["rediss://app:s3cret@cache.example", "rediss://app:***@cache.example"],
])("the log shows %s as %s", (url, shown) => {
  expect(redactedUrl(url)).toBe(shown);
});
