import { createServer, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import {
  isCompressible,
  mayCompress,
  negotiateEncoding,
  sendStream,
  vary,
} from "../../server/pages/compression.ts";

describe("negotiateEncoding: Accept-Encoding -> the encoding sent", () => {
  test.each([
    [undefined, "identity"],
    ["", "identity"],
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"], // a tie goes to the smaller one
    ["br;q=0", "identity"],
    ["br;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["br;q=0, *", "gzip"],
    ["deflate, zstd, compress", "identity"],
    ["br;q=2", "identity"], // out of range: not acceptable
    ["br;q=abc, gzip", "gzip"],
    [" , ;q=1, gzip ; q=0.3 ", "gzip"],
  ] as const)("%j -> %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  test("only what is offered can be chosen", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBe("identity");
  });
});

describe("isCompressible", () => {
  test.each([
    ["text/html; charset=utf-8", true],
    ["text/x-script", true],
    ["text/javascript; charset=utf-8", true],
    ["application/json", true],
    ["image/svg+xml", true],
    ["image/png", false],
    ["image/avif", false],
    ["font/woff2", false],
    ["application/octet-stream", false],
    [undefined, false],
  ])("%s -> %s", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe("mayCompress: answers left alone", () => {
  const html = { "content-type": "text/html" };
  test.each([
    ["a page", "GET", 200, html, true],
    ["a 404 page", "GET", 404, html, true],
    ["HEAD", "HEAD", 200, html, false],
    ["204", "GET", 204, html, false],
    ["304", "GET", 304, html, false],
    ["already encoded", "GET", 200, { ...html, "content-encoding": "br" }, false],
    ["no-transform", "GET", 200, { ...html, "cache-control": "public, no-transform" }, false],
    ["an image", "GET", 200, { "content-type": "image/jpeg" }, false],
  ])("%s -> %s", (_, method, status, headers, expected) => {
    expect(mayCompress(method, status, headers)).toBe(expected);
    expect(mayCompress(method, status, new Headers(headers))).toBe(expected);
  });
});

describe("vary", () => {
  test.each([
    [{}, "Accept-Encoding"],
    [{ vary: "Cookie" }, "Cookie, Accept-Encoding"],
    [{ Vary: "accept-encoding" }, "accept-encoding"],
    [{ vary: ["Accept-Language", "Cookie"] }, "Accept-Language, Cookie, Accept-Encoding"],
  ] as [OutgoingHttpHeaders, string][])("%j + Accept-Encoding -> %s", (headers, expected) => {
    expect(vary(headers, "Accept-Encoding")).toBe(expected);
  });
});

describe("sendStream after the client has gone", () => {
  test("settles at once and stops the source, though the response closed before it was called", async () => {
    const closed = Promise.withResolvers<ServerResponse>();
    const server = createServer((_req, res) => res.once("close", () => closed.resolve(res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = connect(port, "127.0.0.1", () => {
        client.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
      });
      client.on("error", () => {});
      // The page is still rendering when its client hangs up.
      setTimeout(() => client.destroy(), 50);
      const res = await closed.promise;
      const source = new PassThrough();
      const sent = sendStream(res, 200, { "content-type": "text/html" }, source, null);
      await expect(
        Promise.race([sent.then(() => "settled"), delay(1000).then(() => "still waiting")]),
      ).resolves.toBe("settled");
      expect(source.destroyed).toBe(true);
    } finally {
      server.close();
    }
  });
});
