import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProbe, PROBES } from "./contract-cases.ts";
import {
  alternates,
  canonicalLink,
  runToExit,
  startServer,
  type RunningServer,
} from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const someAsset = `/assets/${readdirSync("build/client/assets").find((f) => f.endsWith(".js"))}`;

describe("contract §7: health", () => {
  test("/healthz answers 200 with the build id, which every response also carries", async () => {
    const response = await server.request("/healthz");
    expect(response.status).toBe(200);
    const { status, buildId } = JSON.parse(response.body) as { status: string; buildId: string };
    expect(status).toBe("ok");
    expect(buildId).toMatch(/^\w+$/);
    expect(response.headers["x-build-id"]).toBe(buildId);
    expect((await server.request("/about")).headers["x-build-id"]).toBe(buildId);
  });

  test.each(PROBES)("%s answers 200, before the locale rules, logged at debug only", (path) =>
    expectProbe(server, path),
  );

  test("a page is logged at info", async () => {
    const page = await server.request("/about");
    expect(await server.accessLog(page)).toMatchObject({ level: "info" });
  });
});

describe("contract §7: assets", () => {
  test("a hashed asset is cached for a year, immutable", async () => {
    const response = await server.request(someAsset);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  test("a conditional request for an unchanged asset is 304", async () => {
    const { headers } = await server.request(someAsset);
    const again = await server.request(someAsset, { headers: { "If-None-Match": headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  test.each(["/assets/missing.js", "/assets/", "/assets/../server/index.js"])(
    "a missing asset %s is a plain 404, never an HTML page",
    async (path) => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    },
  );

  test.each([
    "/../server/index.js",
    "/assets/..%2f..%2fserver%2findex.js",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..\\..\\package.json",
  ])("no request reads a file outside the public folder: %s", async (path) => {
    const response = await server.request(path);
    expect(response.status).not.toBe(200);
    expect(response.body).not.toContain("createRequestHandler");
    expect(response.body).not.toContain('"devDependencies"');
    expect(response.body).not.toContain("root:");
  });
});

describe("contract §7: behind a reverse proxy", () => {
  const forwarded = {
    Host: "app:3000",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "shop.example",
    "X-Forwarded-For": "198.51.100.1, 203.0.113.7",
  };

  test("without TRUST_PROXY the X-Forwarded-* headers are ignored", async () => {
    const response = await server.request("/about", { headers: forwarded });
    expect(canonicalLink(response.body)).toBe("http://app:3000/about");
    expect(await server.accessLog(response)).toMatchObject({ ip: "127.0.0.1" });
  });

  describe("with TRUST_PROXY=1", () => {
    let proxied: RunningServer;
    beforeAll(async () => {
      proxied = await startServer({ TRUST_PROXY: "1", E2E_FIXTURES: "1" });
    });
    afterAll(() => proxied.stop());

    test("absolute URLs use the public origin", async () => {
      const response = await proxied.request("/fr/about", { headers: forwarded });
      expect(canonicalLink(response.body)).toBe("https://shop.example/fr/about");
      expect(alternates(response.body).en).toBe("https://shop.example/about");
    });

    test("the log shows the client's address, as the proxy saw it", async () => {
      const response = await proxied.request("/about", { headers: forwarded });
      expect(await proxied.accessLog(response)).toMatchObject({ ip: "203.0.113.7" });
    });

    test("the proxy's request id is kept, so logs line up", async () => {
      const response = await proxied.request("/about", {
        headers: { ...forwarded, "X-Request-Id": "edge-42" },
      });
      expect(response.headers["x-request-id"]).toBe("edge-42");
    });

    test("a form post from the public origin passes React Router's origin check", async () => {
      const response = await proxied.request("/lab/form", {
        method: "POST",
        headers: {
          ...forwarded,
          Origin: "https://shop.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "message=hello",
      });
      expect(response.status).toBe(200);
      expect(response.body).toContain('data-echo="hello"');
      // Over HTTPS the cookie the action sets is Secure.
      expect(response.headers["set-cookie"]).toEqual([
        "lab-echo=hello; Path=/lab; HttpOnly; SameSite=Lax; Secure",
      ]);
    });

    test("over plain HTTP the same cookie is not Secure (the browser would drop it)", async () => {
      const response = await proxied.request("/lab/form", {
        method: "POST",
        headers: {
          ...forwarded,
          "X-Forwarded-Proto": "http",
          Origin: "http://shop.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "message=hi",
      });
      expect(response.status).toBe(200);
      expect(response.headers["set-cookie"]).toEqual([
        "lab-echo=hi; Path=/lab; HttpOnly; SameSite=Lax",
      ]);
    });

    test("no HSTS unless the site is HTTPS-only: plain HTTP may serve beside it", async () => {
      const response = await proxied.request("/about", { headers: forwarded });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    });

    test("a form post from another origin is refused", async () => {
      const response = await proxied.request("/lab/form", {
        method: "POST",
        headers: {
          ...forwarded,
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "message=hello",
      });
      expect(response.status).toBe(400);
    });

    test("a malformed X-Forwarded-Proto is a 400", async () => {
      const response = await proxied.request("/about", {
        headers: { ...forwarded, "X-Forwarded-Proto": "javascript" },
      });
      expect(response.status).toBe(400);
    });

    test("a malformed X-Forwarded-Host is a 400", async () => {
      const response = await proxied.request("/about", {
        headers: { ...forwarded, "X-Forwarded-Host": "evil.example/x" },
      });
      expect(response.status).toBe(400);
    });
  });
});

describe("with TRUST_PROXY=1 and HTTPS_ONLY=1 (the proxy redirects plain HTTP)", () => {
  let httpsOnly: RunningServer;
  beforeAll(async () => {
    httpsOnly = await startServer({ TRUST_PROXY: "1", HTTPS_ONLY: "1" });
  });
  afterAll(() => httpsOnly.stop());

  test("answers to HTTPS requests carry HSTS, on pages, files and redirects alike", async () => {
    for (const path of ["/about", "/about/", "/favicon.svg", "/nope"]) {
      const response = await httpsOnly.request(path, {
        headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example" },
      });
      expect(response.headers["strict-transport-security"], path).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  test("an answer over plain HTTP does not: a browser would ignore it", async () => {
    const response = await httpsOnly.request("/about", {
      headers: { "X-Forwarded-Proto": "http", "X-Forwarded-Host": "shop.example" },
    });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  test.each(["localhost:8443", "app.localhost", "127.0.0.1:8443", "[::1]:8443"])(
    "nor one for %s: HSTS there would pin every local server to HTTPS",
    async (host) => {
      const response = await httpsOnly.request("/about", {
        headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": host },
      });
      expect(response.status).toBe(200);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    },
  );
});

describe("start-up", () => {
  test.each([
    [{ TRAILING_SLASH: "always" }, "trailingSlash in site.config.ts"],
    [{ PORT: "http" }, "PORT"],
    [{ TRUST_PROXY: "maybe", LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("a bad value %j stops start-up, naming %s", async (env, variable) => {
    const { code, output } = await runToExit(env);
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain(variable);
  });

  test("a missing build stops start-up with a hint", async () => {
    const { code, output } = await runToExit({ BUILD_DIR: "no-such-build" });
    expect(code).toBe(1);
    expect(output).toContain("npm run build");
  });
});
