import { Agent, request } from "node:http";
import { expect, test } from "vitest";
import { rawRequest, startServer, type RunningServer } from "./harness.ts";

const IN_FLIGHT = 8;
const SLOW_MS = 1500;

/** Resolves once the server has received `count` requests for `path`. */
function received(server: RunningServer, path: string, count: number) {
  return server.waitForLog(
    () =>
      server.logs.filter((l) => l.msg === "request received" && l.path === path).length >= count,
  );
}

test("SIGTERM drains: readiness drops, in-flight requests complete, exit 0", async () => {
  const server = await startServer({
    E2E_FIXTURES: "1",
    LOG_LEVEL: "trace",
    SHUTDOWN_TIMEOUT_MS: "8000",
    SHUTDOWN_DELAY_MS: "500",
  });
  const slow = Array.from({ length: IN_FLIGHT }, () =>
    rawRequest(server.port, `/lab/slow?ms=${SLOW_MS}`, { timeoutMs: 8000 }),
  );
  await received(server, "/lab/slow", IN_FLIGHT);

  const exitCode = server.stop("SIGTERM");
  await server.waitForLog((l) => l.msg === "shutting down");

  // Within SHUTDOWN_DELAY_MS the listener still answers, but no longer as ready,
  // and tells keep-alive clients to go elsewhere.
  const readyz = await server.request("/readyz");
  expect(readyz.status).toBe(503);
  expect(readyz.headers.connection).toBe("close");

  const responses = await Promise.all(slow);
  expect(responses.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
  expect(await exitCode).toBe(0);
  expect(server.logs.some((l) => l.msg === "shut down cleanly")).toBe(true);
  await expect(server.request("/healthz", { timeoutMs: 1000 })).rejects.toThrow();
});

test("past SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the exit code is 1", async () => {
  const server = await startServer({
    E2E_FIXTURES: "1",
    LOG_LEVEL: "trace",
    SHUTDOWN_TIMEOUT_MS: "300",
  });
  const stuck = rawRequest(server.port, "/lab/slow?ms=5000", { timeoutMs: 8000 }).catch(
    (error: Error) => error,
  );
  await received(server, "/lab/slow", 1);
  expect(await server.stop("SIGTERM")).toBe(1);
  expect(await stuck).toBeInstanceOf(Error);
  expect(server.logs.some((l) => l.msg.startsWith("shutdown deadline passed"))).toBe(true);
});

test("a keep-alive request in flight at SIGTERM does not hold the drain open", async () => {
  const server = await startServer({ E2E_FIXTURES: "1", LOG_LEVEL: "trace" });
  const agent = new Agent({ keepAlive: true });
  const answered = new Promise<number>((resolve, reject) =>
    request({ host: "127.0.0.1", port: server.port, path: "/lab/slow?ms=1000", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end(),
  );
  await received(server, "/lab/slow", 1);
  const signalledAt = performance.now();
  const exitCode = server.stop("SIGTERM");
  expect(await answered).toBe(200);
  expect(await exitCode).toBe(0);
  // The request's second, not KEEP_ALIVE_TIMEOUT_MS (5 s) more.
  expect(performance.now() - signalledAt).toBeLessThan(3000);
  agent.destroy();
});
