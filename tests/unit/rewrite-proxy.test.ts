/**
 * A rewrite to another site, proxied (server/steps/rewrites/proxy.ts), against
 * real servers on 127.0.0.1: what reaches the other site, what comes back, and
 * the 502 and 504 a visitor gets when it cannot answer, each with the
 * request's reference, logged once.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterEach, expect, test } from "vitest";
import type { Exchange } from "../../server/platform/exchange.ts";
import { endToEndHeaders, proxyTo } from "../../server/steps/rewrites/proxy.ts";
import { serveStep } from "./step-server.ts";

const others: Server[] = [];
afterEach(() => {
  for (const server of others.splice(0)) server.closeAllConnections();
  return Promise.all(others.map((server) => server.close()));
});

/** Another site: what it was asked, as JSON; `/slow` never answers, `/go` redirects. */
async function otherSite(): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url === "/slow") return;
    if (req.url === "/go") {
      res.writeHead(302, { Location: "/elsewhere", Connection: "close" }).end();
      return;
    }
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      res.writeHead(201, {
        "Content-Type": "application/json",
        "X-Other": "yes",
        "Keep-Alive": "timeout=77",
      });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, headers: req.headers }));
    });
  });
  others.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The shell's side: every request proxied to `target` + its path. */
async function proxying(target: string, timeoutMs = 2000) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const { base } = await serveStep(
    (exchange) => proxyTo(exchange, new URL(target + exchange.req.url), { timeoutMs, logger }),
    (req, res) =>
      ({
        req,
        res,
        requestId: "ref-7",
        origin: { protocol: "https:", host: "shop.example:8443" },
      }) as Exchange,
    () => {},
    lines,
  );
  return { base, lines };
}

test("the method, path, query and body reach the other site, with X-Forwarded-*; its answer comes back", async () => {
  const { base } = await proxying(await otherSite());
  const response = await fetch(`${base}/items/7?q=1`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Team": "a", "Proxy-Authorization": "secret" },
    body: '{"n":1}',
  });
  expect(response.status).toBe(201);
  expect(response.headers.get("x-other")).toBe("yes");
  // The other site's own connection settings stay on its hop (Node sets this one's).
  expect(response.headers.get("keep-alive")).not.toBe("timeout=77");
  const seen = (await response.json()) as {
    method: string;
    url: string;
    body: string;
    headers: Record<string, string>;
  };
  expect(seen).toMatchObject({ method: "POST", url: "/items/7?q=1", body: '{"n":1}' });
  expect(seen.headers).toMatchObject({
    "x-team": "a",
    "x-forwarded-host": "shop.example:8443",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "8443",
    "x-forwarded-for": "127.0.0.1",
  });
  expect(seen.headers["proxy-authorization"]).toBeUndefined();
  expect(seen.headers.host).toMatch(/^127\.0\.0\.1:\d+$/);
});

test("a redirect comes back as the other site wrote it", async () => {
  const { base } = await proxying(await otherSite());
  const response = await fetch(`${base}/go`, { redirect: "manual" });
  expect([response.status, response.headers.get("location")]).toEqual([302, "/elsewhere"]);
});

test("an origin that cannot be reached: 502 with the reference, logged once", async () => {
  const closed = await otherSite();
  others.pop()!.close();
  const { base, lines } = await proxying(closed);
  const response = await fetch(`${base}/x`);
  expect(response.status).toBe(502);
  expect(await response.text()).toBe("Bad Gateway (reference ref-7)\n");
  expect(lines.filter((line) => line.reqId === "ref-7").map((line) => line.msg)).toEqual([
    "rewrite's origin failed",
  ]);
});

test("an origin that does not answer in time: 504 with the reference", async () => {
  const { base, lines } = await proxying(await otherSite(), 200);
  const response = await fetch(`${base}/slow`);
  expect(response.status).toBe(504);
  expect(await response.text()).toBe("Gateway Timeout (reference ref-7)\n");
  expect(lines.map((line) => line.msg)).toEqual(["rewrite's origin did not answer in time"]);
});

test.each([
  [
    { connection: "keep-alive, x-hop", "x-hop": "1", "x-end": "2", te: "trailers", host: "a" },
    { "x-end": "2" },
  ],
  [{ "transfer-encoding": "chunked", upgrade: "websocket", accept: "*/*" }, { accept: "*/*" }],
])("hop-by-hop headers stay on their hop: %j", (headers, expected) => {
  expect(endToEndHeaders(headers)).toEqual(expected);
});
