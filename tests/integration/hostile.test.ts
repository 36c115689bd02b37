/**
 * Hostile and malformed requests: every one is answered with a 4xx or a safe
 * 3xx (a path on this origin), never a 5xx, a hang, another host, or a file
 * outside the public folder; and the server is healthy afterwards.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type RunningServer } from "./harness.ts";
import {
  attackRequest,
  CORPUS,
  expectSafe,
  expectSafeRawAnswer,
  IMAGE_CORPUS,
  RAW,
} from "./hostile-corpus.ts";

/** A raw request line, for input Node's own client refuses to send. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer in 5 s")));
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    socket.end(text);
  });
}

describe.each([
  ["without TRUST_PROXY", {}],
  ["with TRUST_PROXY", { TRUST_PROXY: "1" }],
])("hostile input %s", (_, env) => {
  let server: RunningServer;
  beforeAll(async () => {
    // The revalidation endpoint exists: the corpus knows no secret but tries it.
    server = await startServer({ ...env, REVALIDATE_SECRET: "the-hostile-test-secret" });
  });
  afterAll(() => server.stop());

  test(`the corpus holds ${CORPUS.length + RAW.length + IMAGE_CORPUS.length} requests`, () => {
    expect(CORPUS.length + RAW.length + IMAGE_CORPUS.length).toBeGreaterThanOrEqual(120);
  });

  test.each(IMAGE_CORPUS)("image, %s: a 4xx", async (name, path) => {
    const response = await server.request(path, { headers: { Accept: "image/avif,*/*" } });
    expect(response.status, name).toBeGreaterThanOrEqual(400);
    expect(response.status, name).toBeLessThan(500);
    expectSafe(name, response);
  });

  test.each(CORPUS)("%s: a 4xx or a safe 3xx", async (name, attack) => {
    const response = await server.request(attack.path, attackRequest(attack));
    expectSafe(name, response);
  });

  test.each(RAW)("%s (raw bytes): refused or answered safely, never a 5xx", async (name, text) => {
    // Node may close the connection on unparseable input without an answer: also safe.
    expectSafeRawAnswer(name, await rawExchange(server.port, text));
  });

  test("CONNECT is refused with a 400 and an access line, not dropped unanswered", async () => {
    const answer = await rawExchange(
      server.port,
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const requestId = /\r\nx-request-id: ([^\r]+)/i.exec(answer)![1];
    const access = await server.waitForLog((l) => l.msg === "request" && l.reqId === requestId);
    expect(access).toMatchObject({ method: "CONNECT", status: 400 });
  });

  test("a request with two Host headers is refused with a 400", async () => {
    const answer = await rawExchange(
      server.port,
      "GET /about HTTP/1.1\r\nHost: app.example\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("more than one Host header");
  });

  test("the server is healthy after the whole corpus", async () => {
    expect((await server.request("/healthz")).status).toBe(200);
    expect((await server.request("/about")).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect(server.logs.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
  });
});
