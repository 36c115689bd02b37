/**
 * Faults: slow clients are cut off by the server's timeouts while others are
 * served; SIGTERM in the middle of a steady load loses no request.
 */
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawRequest, startServer, type RunningServer } from "./harness.ts";

/** Opens a socket, sends `head`, then one more `drip` every `everyMs` until the server closes it. */
function trickle(port: number, head: string, drip: string, everyMs: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const openedAt = performance.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ afterMs: performance.now() - openedAt, received });
    }),
  );
  // A bound on the test itself: never trickle for more than 15 s.
  setTimeout(() => socket.destroy(), 15_000).unref();
  return closed;
}

describe("slow clients", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      E2E_FIXTURES: "1",
      HEADERS_TIMEOUT_MS: "1000",
      REQUEST_TIMEOUT_MS: "2000",
      REVALIDATE_SECRET: "the-faults-test-secret",
    });
  });
  afterAll(() => server.stop());

  test("headers sent a line at a time are cut off at HEADERS_TIMEOUT_MS, while others are served", async () => {
    const slow = Array.from({ length: 5 }, () =>
      trickle(server.port, "GET /about HTTP/1.1\r\nHost: a\r\n", "X-Slow: 1\r\n", 200),
    );
    // Served meanwhile, promptly.
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await rawRequest(server.port, "/about")).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    for (const { afterMs, received } of await Promise.all(slow)) {
      expect(afterMs).toBeGreaterThanOrEqual(900);
      expect(afterMs).toBeLessThan(3500);
      expect(received).toMatch(/^(HTTP\/1\.1 408|$)/);
    }
  });

  test("a body sent a byte at a time is cut off at REQUEST_TIMEOUT_MS", async () => {
    const { afterMs, received } = await trickle(
      server.port,
      "POST /lab/form HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
      "m",
      200,
    );
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(afterMs).toBeLessThan(4500);
    expect(received).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect((await rawRequest(server.port, "/healthz")).status).toBe(200);
  });

  /** The access line of the last request to `path`, once logged, and the error lines of its id. */
  async function ended(path: string) {
    const access = await server.waitForLog((l) => l.msg === "request" && l.path === path);
    const errors = server.errorsOf(access.reqId);
    return { access, errors };
  }

  test("a body the client cuts off is the client's doing: a 499 in the access line, no error", async () => {
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(
      'POST /_report HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"type":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    const { access, errors } = await ended("/_report");
    expect(access).toMatchObject({ status: 499, aborted: true, ip: "127.0.0.1" });
    expect(errors).toEqual([]);
  });

  test("a body cut off at REQUEST_TIMEOUT_MS where the server reads it: a 408 in the access line, no error", async () => {
    const { received } = await trickle(
      server.port,
      "POST /_revalidate HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer the-faults-test-secret\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      " ",
      200,
    );
    expect(received).toMatch(/^(HTTP\/1\.1 408|$)/);
    const { access, errors } = await ended("/_revalidate");
    expect(access).toMatchObject({ status: 408, aborted: true, ip: "127.0.0.1" });
    expect(errors).toEqual([]);
  });
});

describe("SIGTERM under steady load", () => {
  test("every request the server received is answered; the process exits 0", async () => {
    const delayMs = 300;
    const server = await startServer({
      E2E_FIXTURES: "1",
      LOG_LEVEL: "trace",
      SHUTDOWN_DELAY_MS: String(delayMs),
      SHUTDOWN_TIMEOUT_MS: "8000",
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    // ok: answered 200. turnedAway: a connection the listener refused, or one the
    // kernel had queued when the listener closed, which it resets: the server never
    // saw those requests. lost: anything else, such as a request cut off mid-way.
    const counts = { ok: 0, turnedAway: 0, lost: 0 };
    const lost: string[] = [];
    let signalledAt = Infinity;

    function one(path: string): Promise<"ok" | "turnedAway" | "lost"> {
      return new Promise((resolve) => {
        const req = request({ host: "127.0.0.1", port: server.port, path, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode === 200 ? "ok" : "lost"));
          res.on("error", () => resolve("lost"));
        });
        req.on("error", (error: NodeJS.ErrnoException) => {
          const sinceSignal = performance.now() - signalledAt;
          const atListenerClose =
            error.code === "ECONNREFUSED" ||
            (error.code === "ECONNRESET" && !req.reusedSocket && sinceSignal >= delayMs - 50);
          if (!atListenerClose)
            lost.push(`${error.code} ${sinceSignal.toFixed(0)} ms after SIGTERM`);
          resolve(atListenerClose ? "turnedAway" : "lost");
        });
        req.end();
      });
    }

    // Eight clients in a loop, bounded in count and time, until the listener turns them away.
    const deadline = performance.now() + 10_000;
    const clients = Array.from({ length: 8 }, async (_, i) => {
      for (let n = 0; n < 2000 && performance.now() < deadline; n++) {
        const outcome = await one(i % 2 === 0 ? "/about" : "/lab/slow?ms=50");
        counts[outcome]++;
        if (outcome === "turnedAway") return;
      }
    });

    await server.waitForLog(
      () => server.logs.filter((l) => l.msg === "request" && l.status === 200).length >= 100,
    );
    signalledAt = performance.now();
    const exitCode = server.stop("SIGTERM");
    await Promise.all(clients);
    agent.destroy();

    expect(lost).toEqual([]);
    expect(counts.ok).toBeGreaterThanOrEqual(100);
    expect(await exitCode).toBe(0);
    const received = server.logs.filter((l) => l.msg === "request received").length;
    expect(received).toBe(counts.ok);
    console.log(
      `SIGTERM under load: ${counts.ok} answered, ${counts.turnedAway} turned away at the listener, 0 lost`,
    );
  });
});
