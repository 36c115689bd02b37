/**
 * docker-compose.yml's nginx over HTTPS, as browsers meet the app: HTTP/2, the
 * self-signed certificate it makes and keeps, modern TLS only, resumption, the
 * app's https URLs, and the hostile corpus sent over TLS; then with a
 * certificate of our own and PROXY_HTTPS_ONLY=true, plain HTTP as a 308 to
 * HTTPS and HSTS on every HTTPS answer.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { connect as http2Connect } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { rawRequest, type RequestOptions } from "../integration/harness.ts";
import {
  CORPUS,
  expectSafe,
  expectSafeRawAnswer,
  attackRequest,
  IMAGE_CORPUS,
  RAW,
} from "../integration/hostile-corpus.ts";
import { presentedCertificate, presentedKey } from "../../e2e/chromium.ts";
import { DOCKER, stack, waitUntil, type Readiness, type Stack } from "./stack.ts";

let site: Stack;
let tlsPort: number;

/** A request over TLS (HTTP/1.1), bytes as given, redirects not followed; the certificate is not checked. */
const tlsRequest = (path: string, options: Omit<RequestOptions, "tlsServername"> = {}) =>
  rawRequest(tlsPort, path, { timeoutMs: 10_000, ...options, tlsServername: "localhost" });

/** Bytes written as they are on a TLS connection, for input Node's client refuses to send. */
function tlsRawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: "127.0.0.1",
      port: tlsPort,
      servername: "localhost",
      rejectUnauthorized: false,
    });
    let received = "";
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer in 5 s")));
    socket.on("secureConnect", () => socket.end(text));
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

/** The certificate the HTTPS port presents. */
const presented = () => presentedCertificate(`https://127.0.0.1:${tlsPort}`);

/** curl's status line and headers for a GET over HTTPS (curl reports the HTTP version it used). */
function curlHead(path: string, ...args: string[]): string {
  return execFileSync(
    "curl",
    ["--silent", "--insecure", "--max-time", "10", "--dump-header", "-", "--output", "/dev/null"]
      .concat(args)
      .concat(`https://127.0.0.1:${tlsPort}${path}`),
    { encoding: "utf8" },
  );
}

/** `openssl s_client` against the HTTPS port: what it printed, whether or not the handshake failed. */
function sClient(args: string[], input = ""): string {
  const run = spawnSync(
    "openssl",
    ["s_client", "-connect", `127.0.0.1:${tlsPort}`, "-servername", "localhost", ...args],
    { input, encoding: "utf8", timeout: 15_000 },
  );
  return `${run.stdout}${run.stderr}`;
}

const httpsReady: Readiness = {
  what: "the proxy answers /readyz over HTTPS",
  probe: async () => (await tlsRequest("/readyz")).status === 200,
};

const proxyConfig = (file: string) =>
  site.compose("exec", "-T", "proxy", "cat", `/etc/nginx/generated/${file}`);

beforeAll(async () => {
  site = await stack("rrtls", { APP_IMAGE: inject("appImage") });
  tlsPort = site.proxyTlsPort;
  await site.up([], httpsReady);
}, 180_000);

afterAll(() => {
  site?.compose("down", "--volumes", "--remove-orphans", "--timeout", "15");
}, 120_000);

describe("HTTPS as docker compose up starts it", () => {
  test("nginx -t accepts the configuration the entrypoint wrote", () => {
    const output = site.compose("exec", "-T", "proxy", "sh", "-c", "nginx -t 2>&1");
    expect(output).toMatch(/syntax is ok/);
    expect(output).toMatch(/test is successful/);
    expect(output).not.toMatch(/\[warn\]/);
  });

  test("the served key is what Chromium is told to trust (e2e/chromium.ts presentedKey)", async () => {
    // The certificate as nginx has it on disk, not as the handshake showed it.
    const onDisk = new X509Certificate(site.certificate());
    const spki = onDisk.publicKey.export({ type: "spki", format: "der" });
    expect(await presentedKey(`https://127.0.0.1:${tlsPort}`)).toBe(
      createHash("sha256").update(spki).digest("base64"),
    );
  });

  test("a page and a hashed file come over HTTP/2", async () => {
    const page = curlHead("/about", "--http2");
    expect(page).toMatch(/^HTTP\/2 200 ?\r?\n/);
    const body = (await tlsRequest("/about")).body;
    const asset = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(body)![1]!;
    const file = curlHead(asset, "--http2");
    expect(file).toMatch(/^HTTP\/2 200 ?\r?\n/);
    expect(file).toMatch(/\ncache-control: public, max-age=31536000, immutable\r?\n/);
  });

  test("absolute URLs say https; a redirect keeps its query and stays on https", async () => {
    const origin = `https://127.0.0.1:${tlsPort}`;
    const page = await tlsRequest("/fr/about");
    expect(page.body).toContain(`<link rel="canonical" href="${origin}/fr/about"/>`);
    expect(page.body).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/about"/>`);
    const redirect = await tlsRequest("/about/?x=1");
    expect(redirect.status).toBe(308);
    // The contract's Location is a path on this origin: resolved, it is https.
    expect(redirect.headers.location).toBe("/about?x=1");
    expect(new URL(redirect.headers.location!, `${origin}/about/?x=1`).href).toBe(
      `${origin}/about?x=1`,
    );
    // Plain HTTP on 8080 serves beside it, so no HSTS (it would break that site).
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    expect((await rawRequest(site.proxyPort, "/about")).status).toBe(200);
  });

  test("with no certificate given, one for localhost is made once, said in the log, and kept across a restart", async () => {
    const made = () =>
      site
        .compose("logs", "--no-color", "proxy")
        .split("\n")
        .filter((l) => l.includes("made a self-signed one for localhost"));
    const certificate = new X509Certificate(site.certificate());
    expect(certificate.subject).toBe("CN=localhost");
    expect(certificate.subjectAltName).toContain("DNS:localhost");
    expect((await presented()).fingerprint256).toBe(certificate.fingerprint256);
    expect(made()).toHaveLength(1);
    expect(made()[0]).toContain(certificate.fingerprint256);
    // No OCSP responder in a self-signed certificate: no stapling.
    expect(proxyConfig("tls-certificate.conf")).not.toMatch(/ssl_stapling/);

    site.compose("restart", "--timeout", "5", "proxy");
    await waitUntil(httpsReady);
    expect((await presented()).fingerprint256).toBe(certificate.fingerprint256);
    expect(made()).toHaveLength(1);
    expect(site.compose("logs", "--no-color", "proxy")).toMatch(
      /self-signed certificate for localhost, kept in the volume since/,
    );
  }, 120_000);

  test("TLS 1.0 and 1.1 are refused, as are legacy ciphers over TLS 1.2", () => {
    // A client that can still speak them (curl here refuses TLS 1.1 by itself).
    for (const version of ["-tls1", "-tls1_1"]) {
      const output = sClient([version, "-cipher", "DEFAULT@SECLEVEL=0"]);
      // The server's refusal, not the client's own ("no protocols available").
      expect(output, version).toMatch(/alert protocol version/);
      expect(output, version).not.toMatch(/Cipher is ECDHE/);
    }
    // CBC with SHA-1 MACs: nginx's default cipher list would accept it.
    const legacy = sClient(["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA"]);
    expect(legacy).toMatch(/alert handshake failure/);
  });

  test("TLS 1.2 with a forward-secret AEAD cipher and TLS 1.3 are accepted", () => {
    expect(sClient(["-tls1_2"])).toMatch(
      /New, TLSv1\.2, Cipher is ECDHE-ECDSA-(AES\d+-GCM-SHA\d+|CHACHA20-POLY1305)/,
    );
    expect(sClient(["-tls1_3"])).toMatch(/New, TLSv1\.3, Cipher is TLS_/);
  });

  test("a returning client resumes its session instead of a full handshake", () => {
    const dir = mkdtempSync(join(tmpdir(), "rr-tls-session-"));
    try {
      for (const version of ["-tls1_2", "-tls1_3"]) {
        const session = join(dir, `session${version}`);
        // A request, so the TLS 1.3 session ticket (sent after the handshake) arrives.
        const request = "GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        sClient([version, "-ign_eof", "-sess_out", session], request);
        expect(readFileSync(session, "utf8"), version).toMatch(/BEGIN SSL SESSION PARAMETERS/);
        expect(sClient([version, "-ign_eof", "-sess_in", session], request), version).toMatch(
          /^Reused, TLSv1\.[23]/m,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("the hostile corpus over TLS: a 4xx or a safe 3xx from nginx or the app, never a 5xx", () => {
    test.each(CORPUS)("%s", async (name, attack) => {
      const response = await tlsRequest(attack.path, attackRequest(attack));
      expectSafe(name, response);
    });

    test.each(IMAGE_CORPUS)("image, %s", async (name, path) => {
      const response = await tlsRequest(path, { headers: { Accept: "image/avif,*/*" } });
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(response.status, name).toBeLessThan(500);
      expectSafe(name, response);
    });

    test.each(RAW)("%s (raw bytes)", async (name, text) => {
      expectSafeRawAnswer(name, await tlsRawExchange(text));
    });

    test("and the paths of the corpus over HTTP/2", async () => {
      const session = http2Connect(`https://127.0.0.1:${tlsPort}`, {
        servername: "localhost",
        rejectUnauthorized: false,
      });
      try {
        const paths = [
          ...CORPUS.filter(([, a]) => !a.method && !a.headers).map(([, a]) => a.path),
          ...IMAGE_CORPUS.map(([, path]) => path),
        ];
        for (const path of paths) {
          const { status, location } = await new Promise<{ status: number; location?: string }>(
            (resolve, reject) => {
              const stream = session.request({ ":path": path });
              stream.on("response", (headers) => {
                resolve({
                  status: Number(headers[":status"]),
                  location: headers.location as string | undefined,
                });
                stream.close();
              });
              stream.on("error", reject);
              stream.on("close", () => reject(new Error(`${path}: closed with no answer`)));
              stream.setTimeout(10_000, () => stream.close());
              stream.end();
            },
          );
          expect(status, path).toBeGreaterThanOrEqual(200);
          expect(status, path).toBeLessThan(500);
          if (location) expect(location, path).toMatch(/^\/(?![/\\])/);
        }
        expect(paths.length).toBeGreaterThan(60);
      } finally {
        session.close();
      }
    });

    test("the stack is healthy after the corpus, with no error in the app's log", async () => {
      expect((await tlsRequest("/about")).status).toBe(200);
      const errors = site
        .compose("logs", "--no-color", "app")
        .split("\n")
        .filter((l) => /"level":"(error|fatal)"/.test(l));
      expect(errors).toEqual([]);
    });
  });
});

describe("a certificate of our own and PROXY_HTTPS_ONLY=true", () => {
  let certDir: string;
  let ours: X509Certificate;

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), "rr-tls-cert-"));
    // RSA this time, with an OCSP responder named in it: nginx staples.
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "30",
        "-subj",
        "/CN=shop.test",
        "-addext",
        "subjectAltName=DNS:shop.test,DNS:localhost",
        "-addext",
        "authorityInfoAccess=OCSP;URI:http://ocsp.shop.test",
        "-keyout",
        join(certDir, "privkey.pem"),
        "-out",
        join(certDir, "fullchain.pem"),
      ],
      { stdio: "ignore" },
    );
    ours = new X509Certificate(readFileSync(join(certDir, "fullchain.pem")));
    Object.assign(site.env, { TLS_CERT_DIR: certDir, PROXY_HTTPS_ONLY: "true" });
    // The changed settings recreate both services.
    await site.up([], httpsReady);
  }, 180_000);

  afterAll(() => rmSync(certDir, { recursive: true, force: true }));

  test("nginx serves it, staples where it names a responder, and nginx -t accepts the result", async () => {
    expect((await presented()).fingerprint256).toBe(ours.fingerprint256);
    expect(proxyConfig("tls-certificate.conf")).toMatch(
      /ssl_certificate \/etc\/nginx\/tls\/provided\/fullchain\.pem;/,
    );
    expect(proxyConfig("tls-certificate.conf")).toMatch(/ssl_stapling on;/);
    expect(site.compose("exec", "-T", "proxy", "sh", "-c", "nginx -t 2>&1")).toMatch(
      /test is successful/,
    );
  });

  test.each([
    "/",
    "/about?x=1&y=%20z",
    "/fr/about/?q=1",
    "/readyz",
    "/assets/entry.client-x.js",
    "//evil.example/?next=//evil.example",
  ])("plain HTTP %s: a 308 to the same path and query over HTTPS", async (path) => {
    const response = await rawRequest(site.proxyPort, path);
    expect(response.status).toBe(308);
    // Our host, our HTTPS port: never another.
    expect(response.headers.location).toBe(`https://127.0.0.1:${tlsPort}${path}`);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  test("every answer of the app over HTTPS carries HSTS: pages, files, redirects, 404s", async () => {
    for (const path of ["/about", "/favicon.svg", "/about/", "/nope"]) {
      const response = await tlsRequest(path, { headers: { Host: `shop.test:${tlsPort}` } });
      expect(response.headers["strict-transport-security"], path).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
    // Not for localhost or an address: it would pin every local server to HTTPS.
    expect((await tlsRequest("/about")).headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("settings nginx must refuse to start with, saying why", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "rr-tls-bad-"));
    const make = (name: string) =>
      execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
          .concat(["-days", "1", "-subj", `/CN=${name}`])
          .concat(["-keyout", join(dir, `${name}.key`), "-out", join(dir, `${name}.pem`)]),
        { stdio: "ignore" },
      );
    make("a");
    make("b");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The proxy's entrypoint alone (then `true` instead of nginx), with these files and settings. */
  function entrypoint(files: Record<string, string>, env: Record<string, string> = {}) {
    const certs = mkdtempSync(join(dir, "certs-"));
    for (const [name, target] of Object.entries(files)) {
      if (target.startsWith("->")) symlinkSync(target.slice(2), join(certs, name));
      else copyFileSync(join(dir, target), join(certs, name));
    }
    const run = spawnSync(
      DOCKER,
      ["run", "--rm", "--volume", `${certs}:/etc/nginx/tls/provided:ro`]
        .concat(
          "--volume",
          `${process.cwd()}/docker/proxy:/etc/nginx/proxy:ro`,
          "--entrypoint",
          "/bin/bash",
        )
        .concat(Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`]))
        .concat(process.env.PROXY_IMAGE ?? "nginx:1.27-bookworm", "/etc/nginx/proxy/tls-setup.sh")
        .concat("true"),
      { encoding: "utf8", timeout: 60_000 },
    );
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  test.each([
    ["a certificate without its key", { "fullchain.pem": "a.pem" }, {}, /must hold both/],
    [
      "a link to a file outside the folder (a Let's Encrypt live/ folder)",
      {
        "fullchain.pem": "->../../archive/cert1.pem",
        "privkey.pem": "->../../archive/privkey1.pem",
      },
      {},
      /readable files .*a link to a file outside the folder/,
    ],
    [
      "a key of another certificate",
      { "fullchain.pem": "a.pem", "privkey.pem": "b.key" },
      {},
      /privkey\.pem is not the key of fullchain\.pem/,
    ],
    ["an odd PROXY_TLS_PORT", {}, { PROXY_TLS_PORT: "0443" }, /PROXY_TLS_PORT must be a port/],
    ["PROXY_HTTPS_ONLY=yes", {}, { PROXY_HTTPS_ONLY: "yes" }, /must be true or false/],
    [
      "PROXY_HTTPS_ONLY with an http PUBLIC_ORIGIN",
      {},
      { PROXY_HTTPS_ONLY: "true", PUBLIC_ORIGIN: "http://shop.example" },
      /make it https/,
    ],
  ])("%s", (_, files, env, message) => {
    const run = entrypoint(files, env);
    expect(run.status, run.output).toBe(1);
    expect(run.output).toMatch(message);
  });

  test("and a pair that matches starts (the control)", () => {
    const run = entrypoint({ "fullchain.pem": "a.pem", "privkey.pem": "a.key" });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/certificate from TLS_CERT_DIR: subject=CN ?= ?a/);
  });
});
