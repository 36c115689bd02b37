import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  assetSourcesOf,
  contentSecurityPolicy,
  cspHeaderName,
  inlineScriptHashes,
  isSourceExpression,
  newNonce,
  noncePolicy,
  parseExtraSources,
} from "../../server/pages/csp.ts";

const DEFAULTS = { frameAncestors: ["'none'"], extra: {} };
const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((d) => {
      const [name, ...sources] = d.split(" ");
      return [name, sources];
    }),
  );

describe("the policy", () => {
  test("scripts: this origin and what the answer names, never unsafe-inline or unsafe-eval", () => {
    const policy = directives(contentSecurityPolicy(["'nonce-abc'"], DEFAULTS));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["img-src"]).toContain("'self'");
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  test("violations are reported to this server: the page's request id when it has one", () => {
    expect(directives(contentSecurityPolicy([], DEFAULTS))["report-uri"]).toEqual(["/_report"]);
    expect(directives(noncePolicy(DEFAULTS)("n", "ab12"))["report-uri"]).toEqual([
      "/_report?page=ab12",
    ]);
  });

  test("extra sources join their directive, or add one", () => {
    const policy = directives(
      contentSecurityPolicy([], {
        frameAncestors: ["'self'"],
        extra: { "img-src": ["https://cdn.example"], "worker-src": ["'self'"] },
      }),
    );
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://cdn.example"]);
    expect(policy["worker-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'self'"]);
  });

  test("assetPrefix: scripts and the prefetcher's fetches from the CDN, under its path alone", () => {
    const options = { ...DEFAULTS, assetSources: ["https://cdn.example/site/"] };
    const policy = directives(noncePolicy(options)("n", "ab12"));
    expect(policy["script-src"]).toEqual(["'self'", "https://cdn.example/site/", "'nonce-n'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://cdn.example/site/"]);
    for (const name of ["default-src", "style-src", "img-src", "font-src"])
      expect(policy[name], name).not.toContain("https://cdn.example/site/");
  });

  test.each([
    ["https://cdn.example/site/", ["https://cdn.example/site/"]],
    ["http://127.0.0.1:8090/", ["http://127.0.0.1:8090/"]],
    ["https://cdn.example", ["https://cdn.example/"]],
    ["/", []],
    ["/shop/", []],
  ])("a build whose public path is %s takes its scripts from %j too", (publicPath, sources) => {
    expect(assetSourcesOf(publicPath)).toEqual(sources);
  });

  test("a nonce policy is the policy with that nonce, and each nonce is new", () => {
    const withNonce = noncePolicy(DEFAULTS);
    expect(withNonce("xyz", "req-1")).toBe(
      contentSecurityPolicy(["'nonce-xyz'"], DEFAULTS, "/_report?page=req-1"),
    );
    // Across several refills of the batch the nonces are drawn from.
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  test.each([
    [false, "Content-Security-Policy"],
    [true, "Content-Security-Policy-Report-Only"],
  ])("report-only %s -> %s", (reportOnly, name) => {
    expect(cspHeaderName(reportOnly)).toBe(name);
  });
});

describe("hashes of a page's inline scripts", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  test("every inline script, once each, and none with a src or empty", () => {
    const html =
      `<head><script>a()</script><script type="module" async="">import "/x.js"</script>` +
      `<script src="/assets/e.js"></script><script></script></head>` +
      `<body><script>a()</script><script>b("</scr"+"ipt>")</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha("a()"),
      sha('import "/x.js"'),
      sha('b("</scr"+"ipt>")'),
    ]);
  });

  test("a page with none has none", () => {
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});

describe("CSP_EXTRA and CSP_FRAME_ANCESTORS sources", () => {
  test.each([
    "'self'",
    "'none'",
    "https://cdn.example",
    "https://*.cdn.example",
    "cdn.example:8443",
    "wss://live.example",
    "data:",
    "https://cdn.example/images/",
    "*",
  ])("%s is a source", (source) => {
    expect(isSourceExpression(source)).toBe(true);
  });

  test.each([
    "'unsafe-eval'",
    "'nonce-abc'",
    "https://a.example;script-src",
    "https://a.example,b",
    "a\r\nb",
    '"quoted"',
    "",
  ])("%j is not", (source) => {
    expect(isSourceExpression(source)).toBe(false);
  });

  test("CSP_EXTRA: directives and their sources", () => {
    expect(
      parseExtraSources(" img-src https://a.example  https://b.example ; font-src data: ;"),
    ).toEqual({
      "img-src": ["https://a.example", "https://b.example"],
      "font-src": ["data:"],
    });
    expect(parseExtraSources("")).toEqual({});
  });

  test.each([
    ["frame-ancestors https://a.example", /not one of/],
    ["img-src", /names no source/],
    ["script-src 'unsafe-eval'", /not a source expression/],
  ])("%j is refused", (raw, message) => {
    expect(() => parseExtraSources(raw)).toThrow(message);
  });
});
