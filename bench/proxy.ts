/**
 * The compose nginx (docker/proxy/, its own entrypoint and self-signed
 * certificate) in front of a server of ours on this host, for the browser
 * bench's section "through the proxy": HTTP/1.1 on 8080 and HTTPS with HTTP/2
 * on 8443, both on loopback (the container shares the host's network, so its
 * upstream is the server's loopback port). And the proxy's CPU per request,
 * over each protocol, under a bounded load from this process.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { connect as http2Connect } from "node:http2";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createConnection } from "node:net";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { presentedKey } from "../e2e/chromium.ts";
import { cpuMs } from "./measure.ts";
import { SERVER_CPU } from "./servers.ts";

const DOCKER = process.env.DOCKER ?? "docker";
const PROXY_IMAGE = process.env.PROXY_IMAGE ?? "nginx:1.27-bookworm";
/** docker/proxy/default.conf's ports: with the host's network, the host's too. */
const HTTP_PORT = 8080;
const TLS_PORT = 8443;

export interface Proxy {
  readonly httpOrigin: string;
  /** `https://localhost:8443`: the self-signed certificate's name. */
  readonly httpsOrigin: string;
  /** Its certificate's key, for Chromium to trust (e2e/chromium.ts trustedKeyArgs). */
  readonly key: string;
  /** user + system CPU of nginx's processes (master and workers), in milliseconds. */
  cpuMs(): number;
  stop(): void;
}

const portInUse = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      done(true);
    });
    socket.on("error", () => done(false));
  });

/** nginx in front of 127.0.0.1:`upstreamPort`, pinned to the servers' core; ready when it returns. */
export async function startProxy(upstreamPort: number): Promise<Proxy> {
  for (const port of [HTTP_PORT, TLS_PORT]) {
    if (await portInUse(port)) throw new Error(`port ${port} is taken: the proxy needs it`);
  }
  const proxyDir = resolve("docker/proxy");
  const id = execFileSync(
    DOCKER,
    [
      "run",
      "--detach",
      "--rm",
      "--network",
      "host",
      "--cpuset-cpus",
      SERVER_CPU,
      "--env",
      "UPSTREAM_HOST=127.0.0.1",
      "--env",
      `UPSTREAM_PORT=${upstreamPort}`,
      "--volume",
      `${proxyDir}/default.conf:/etc/nginx/conf.d/default.conf:ro`,
      "--volume",
      `${proxyDir}:/etc/nginx/proxy:ro`,
      "--entrypoint",
      "/bin/bash",
      PROXY_IMAGE,
      "/etc/nginx/proxy/tls-setup.sh",
      "/bin/bash",
      "/etc/nginx/proxy/upstream-sync.sh",
      "nginx",
      "-g",
      "daemon off;",
    ],
    { encoding: "utf8" },
  ).trim();
  const stop = () => execFileSync(DOCKER, ["rm", "--force", id], { stdio: "ignore" });
  try {
    const httpOrigin = `http://127.0.0.1:${HTTP_PORT}`;
    const httpsOrigin = `https://localhost:${TLS_PORT}`;
    const deadline = Date.now() + 30_000;
    const ready = () => get(`${httpsOrigin}/readyz`, false, 2000).catch(() => 0);
    while ((await ready()) !== 200) {
      if (Date.now() > deadline) throw new Error("the proxy did not answer /readyz in 30 s");
      await sleep(250);
    }
    // Its processes, as the host numbers them; read once it serves (no reload after).
    const pids = execFileSync(DOCKER, ["top", id, "-o", "pid"], { encoding: "utf8" })
      .split("\n")
      .slice(1)
      .map(Number)
      .filter((pid) => pid > 0);
    const nginxPids = pids.filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "nginx";
      } catch {
        return false;
      }
    });
    return {
      httpOrigin,
      httpsOrigin,
      key: await presentedKey(httpsOrigin),
      cpuMs: () => nginxPids.reduce((sum, pid) => sum + cpuMs(pid), 0),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

export interface ProxyLoad {
  label: string;
  requests: number;
  failed: number;
  seconds: number;
  /** nginx's CPU, and the app's, per answered request. */
  proxyUsPerRequest: number;
  appUsPerRequest: number;
}

type Send = () => Promise<number>;

/** `concurrency` loops of `send`, until `requests` are answered or `maxSeconds` pass. */
async function drive(send: Send, requests: number, concurrency: number, maxSeconds: number) {
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const deadline = Date.now() + maxSeconds * 1000;
  const loop = async () => {
    while (sent < requests && Date.now() < deadline) {
      sent++;
      const code = await send().catch(() => 0);
      if (code === 200) answered++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { answered, failed };
}

/**
 * One GET on `agent` (or a new connection each when it is false): its status, once
 * its body has come. The certificate is not checked (ours, self-signed).
 */
function get(
  url: string,
  agent: HttpAgent | HttpsAgent | false,
  timeoutMs = 10_000,
): Promise<number> {
  return new Promise((done, fail) => {
    const request = url.startsWith("https:") ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        agent,
        rejectUnauthorized: false,
        headers: { "accept-encoding": "br, gzip" },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("error", fail);
    req.end();
  });
}

/**
 * The proxy's CPU per request for `path`, over each way a client may come:
 * plain HTTP/1.1 and HTTPS kept alive, HTTP/2 (one connection, many streams), and
 * HTTPS with a new connection per request, with the TLS session resumed and
 * with a full handshake each time. Bounded: `requests` each (a tenth for full
 * handshakes), at most `maxSeconds` each.
 */
export async function proxyCpu(
  proxy: Proxy,
  appPid: number,
  path: string,
  { requests = 4000, concurrency = 8, maxSeconds = 60 } = {},
): Promise<ProxyLoad[]> {
  // nginx ends a connection after 1000 requests (keepalive_requests, HTTP/2 too), with a
  // GOAWAY; a browser then opens another, and so does this.
  const connectHttp2 = () => http2Connect(proxy.httpsOrigin, { rejectUnauthorized: false });
  let http2 = connectHttp2();
  let goneAway = false;
  http2.on("goaway", () => (goneAway = true));
  const session = () => {
    if (goneAway || http2.closed || http2.destroyed) {
      http2.close();
      http2 = connectHttp2();
      goneAway = false;
      http2.on("goaway", () => (goneAway = true));
    }
    return http2;
  };
  const h2once: Send = () =>
    new Promise((done, fail) => {
      const stream = session().request({ ":path": path, "accept-encoding": "br, gzip" });
      let code = 0;
      stream.on("response", (headers) => (code = Number(headers[":status"])));
      stream.on("data", () => {});
      stream.on("end", () => done(code));
      stream.on("error", fail);
      stream.on("close", () => fail(new Error("closed with no answer")));
      stream.setTimeout(10_000, () => stream.close());
      stream.end();
    });
  // A stream the server refused as it went away is sent again, as browsers do (it is a GET).
  const h2get: Send = () => h2once().catch(() => h2once());
  const keepAliveHttp = new HttpAgent({ keepAlive: true, maxSockets: concurrency });
  const keepAliveHttps = new HttpsAgent({ keepAlive: true, maxSockets: concurrency });
  // A new connection each time, the TLS session kept between them (Node's agents do).
  const resuming = new HttpsAgent({ keepAlive: false, maxSockets: concurrency });
  const ways: [string, Send, number][] = [
    ["HTTP/1.1, kept alive", () => get(proxy.httpOrigin + path, keepAliveHttp), requests],
    ["HTTPS, HTTP/1.1 kept alive", () => get(proxy.httpsOrigin + path, keepAliveHttps), requests],
    ["HTTPS, HTTP/2 (one connection)", h2get, requests],
    [
      "HTTPS, new connection, session resumed",
      () => get(proxy.httpsOrigin + path, resuming),
      requests / 4,
    ],
    [
      "HTTPS, new connection, full handshake",
      () => get(proxy.httpsOrigin + path, false),
      requests / 4,
    ],
  ];
  const results: ProxyLoad[] = [];
  try {
    for (const [label, send, count] of ways) {
      await drive(send, 200, concurrency, 10); // warm-up: connections, sessions, JIT
      const proxyBefore = proxy.cpuMs();
      const appBefore = cpuMs(appPid);
      const startedAt = performance.now();
      const { answered, failed } = await drive(send, count, concurrency, maxSeconds);
      const seconds = (performance.now() - startedAt) / 1000;
      results.push({
        label,
        requests: answered,
        failed,
        seconds,
        proxyUsPerRequest: ((proxy.cpuMs() - proxyBefore) * 1000) / answered,
        appUsPerRequest: ((cpuMs(appPid) - appBefore) * 1000) / answered,
      });
    }
  } finally {
    http2.close();
    for (const agent of [keepAliveHttp, keepAliveHttps, resuming]) agent.destroy();
  }
  return results;
}
