/**
 * Compressed answers: negotiation, byte-identical bodies once decoded, Vary,
 * and streaming that stays streaming. Client files are compressed at build
 * time, pages rendered once when kept, other pages whole when they are ready
 * at once, else as they stream.
 */
import { request } from "node:http";
import { PassThrough } from "node:stream";
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type RunningServer } from "./harness.ts";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET or HEAD with the body kept as bytes, undecoded. */
function fetchRaw(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(
      { host: "127.0.0.1", port, path, method, headers, agent: false, timeout: 5000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    )
      .on("error", reject)
      .end();
  });
}

function decoded({ headers, body }: RawResponse): Buffer {
  if (headers["content-encoding"] === "br") return brotliDecompressSync(body);
  if (headers["content-encoding"] === "gzip") return gunzipSync(body);
  expect(headers["content-encoding"]).toBeUndefined();
  return body;
}

let server: RunningServer;
let off: RunningServer;
let asset: string;
beforeAll(async () => {
  [server, off] = await Promise.all([
    startServer({ E2E_FIXTURES: "1" }),
    startServer({ COMPRESSION: "off" }),
  ]);
  const page = (await server.request("/about")).body;
  // The libraries' chunk (vite.config.ts): a file big enough to be compressed at build time
  // (the entry module itself is a few hundred bytes, under MIN_COMPRESSIBLE_BYTES).
  asset = /href="(\/assets\/framework-[^"]+\.js)"/.exec(page)![1]!;
});
afterAll(() => Promise.all([server.stop(), off.stop()]));

/** Waits until the page is answered from memory (the server logs when it is kept). */
async function kept(path: string) {
  await server.request(path);
  await server.waitForLog(
    (line) =>
      line.msg === "page rendered once" && line.target === path && line.origin === server.origin,
  );
}

const NEGOTIATION = [
  ["br, gzip", "br"],
  ["gzip, deflate, br, zstd", "br"],
  ["gzip", "gzip"],
  ["gzip;q=1, br;q=0.5", "gzip"],
  ["br;q=0", undefined],
  ["br;q=0, gzip", "gzip"],
  ["identity", undefined],
  ["*", "br"],
  ["deflate, zstd", undefined],
  ["", undefined],
] as const;

describe.each([
  ["a client file (compressed at build time)", () => asset],
  ["a page rendered once (compressed when kept)", () => "/about"],
  [
    "a page rendered per request (compressed whole: its data is ready at once)",
    () => "/blog/hello",
  ],
])("%s", (_, path) => {
  beforeAll(async () => {
    if (path() === "/about") await kept("/about");
  });

  test.each(NEGOTIATION)("Accept-Encoding %j -> %s", async (acceptEncoding, expected) => {
    const identity = await fetchRaw(server.port, path());
    const response = await fetchRaw(server.port, path(), { "accept-encoding": acceptEncoding });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(expected);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    if (path() === "/blog/hello") {
      // Rendered per request: it holds its own time and request id; compare its frame.
      const text = decoded(response).toString();
      expect(text).toMatch(/^<!DOCTYPE html>.*<main data-route="\/blog\/\[slug\]"/s);
      expect(text.endsWith("</html>")).toBe(true);
      // Rendered within one turn of the event loop: sent whole (compressed or not), with its length.
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(response.headers["transfer-encoding"]).toBeUndefined();
    } else {
      expect(decoded(response).equals(identity.body)).toBe(true);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      if (expected) expect(response.headers.etag).not.toBe(identity.headers.etag);
    }
  });
});

describe("what is left alone", () => {
  test("HEAD: the headers of the compressed answer, no body", async () => {
    await kept("/fr/about");
    const get = await fetchRaw(server.port, "/fr/about", { "accept-encoding": "br" });
    const head = await fetchRaw(server.port, "/fr/about", { "accept-encoding": "br" }, "HEAD");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  });

  test("a 304 for the compressed tag carries no body", async () => {
    const first = await fetchRaw(server.port, asset, { "accept-encoding": "gzip" });
    const again = await fetchRaw(server.port, asset, {
      "accept-encoding": "gzip",
      "if-none-match": first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test.each(["/healthz", "/about/", "/images/shell.svg", "/blog/hello.data"])(
    "a small answer (%s) is sent as it is",
    async (path) => {
      const response = await fetchRaw(server.port, path, { "accept-encoding": "br, gzip" });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body.length).toBeLessThan(1024);
    },
  );

  test("COMPRESSION=off compresses nothing, not even files compressed at build time", async () => {
    for (const path of [asset, "/about", "/blog/hello"]) {
      const response = await fetchRaw(off.port, path, { "accept-encoding": "br, gzip" });
      expect(response.headers["content-encoding"]).toBeUndefined();
      // A page ready at once is still sent whole, with its length.
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
    }
  });
});

test.each([
  ["compressed", "br"],
  ["not compressed", "identity"],
])(
  "a streamed page stays streamed, %s: the shell arrives before the slow part",
  async (_, encoding) => {
    const SLOW_MS = 1500;
    const startedAt = performance.now();
    const arrivals: { atMs: number; text: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: `/lab/stream?ms=${SLOW_MS}`,
          headers: { "accept-encoding": encoding, "user-agent": "Mozilla/5.0 Firefox/140.0" },
          agent: false,
        },
        (res) => {
          const compressed = encoding === "br";
          expect(res.headers["content-encoding"]).toBe(compressed ? "br" : undefined);
          expect(res.headers["content-length"]).toBeUndefined();
          const decompress = compressed ? createBrotliDecompress() : new PassThrough();
          res.pipe(decompress);
          decompress.on("data", (chunk: Buffer) =>
            arrivals.push({ atMs: performance.now() - startedAt, text: chunk.toString() }),
          );
          decompress.on("end", () => resolve());
          decompress.on("error", reject);
        },
      )
        .on("error", reject)
        .end();
    });
    const shell = arrivals.find((a) => a.text.includes("data-shell"));
    const streamed = arrivals.find((a) => a.text.includes(`data-streamed="${SLOW_MS}"`));
    expect(shell!.atMs).toBeLessThan(SLOW_MS - 500);
    expect(streamed!.atMs).toBeGreaterThanOrEqual(SLOW_MS - 50);
  },
);
