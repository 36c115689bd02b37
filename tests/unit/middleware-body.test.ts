/**
 * The body a middleware reads (server/steps/middleware/body.ts): read only
 * when the middleware asks, whole again afterwards, refused past its cap.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { hasBody, middlewareBody } from "../../server/steps/middleware/body.ts";

function requestOf(method: string, headers: Record<string, string>, chunks: string[]) {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    method,
    headers,
    url: "/api/a",
  }) as unknown as IncomingMessage;
}

async function text(req: IncomingMessage): Promise<string> {
  let out = "";
  for await (const chunk of req as AsyncIterable<Buffer>) out += chunk.toString();
  return out;
}

describe("hasBody", () => {
  test.each([
    ["GET", { "content-length": "3" }, false],
    ["HEAD", { "transfer-encoding": "chunked" }, false],
    ["POST", {}, false],
    ["POST", { "content-length": "0" }, false],
    ["POST", { "content-length": "3" }, true],
    ["PUT", { "transfer-encoding": "chunked" }, true],
  ] as const)("%s with %o: %s", (method, headers, expected) => {
    expect(hasBody(requestOf(method, headers, []))).toBe(expected);
  });
});

describe("middlewareBody", () => {
  test("unread: the request itself goes on, nothing consumed", async () => {
    const req = requestOf("POST", { "content-length": "6" }, ["abc", "def"]);
    const body = middlewareBody(req);
    expect(await body.afterwards()).toBe(req);
    expect(await text(req)).toBe("abcdef");
  });

  test("read in part: the middleware gets what it reads, the next step the whole body", async () => {
    const req = requestOf("POST", { "content-length": "9" }, ["abc", "def", "ghi"]);
    const body = middlewareBody(req);
    const reader = body.stream!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("abc");
    const after = await body.afterwards();
    expect([after === req, after?.method, after?.url]).toEqual([false, "POST", "/api/a"]);
    expect(await text(after!)).toBe("abcdefghi");
  });

  test("past the cap: the middleware's read fails, and the request is refused (null)", async () => {
    const req = requestOf("POST", { "transfer-encoding": "chunked" }, ["12345", "67890", "x"]);
    const body = middlewareBody(req, 8);
    await expect(new Response(body.stream).text()).rejects.toThrow(/over 8 bytes/);
    expect(await body.afterwards()).toBeNull();
  });

  test("no body: no stream, the request itself", async () => {
    const req = requestOf("GET", {}, []);
    const body = middlewareBody(req);
    expect([body.stream, await body.afterwards()]).toEqual([null, req]);
  });
});
