/**
 * Hostile and malformed requests, shared by the test of the server itself
 * (hostile.test.ts) and the one through the compose nginx over TLS
 * (tests/container/tls.test.ts): each names the attack and what it sends.
 */
import { expect } from "vitest";
import type { HttpResponse, RequestOptions } from "./harness.ts";

export interface Attack {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A POST to the report endpoint, with a JSON body unless the headers say otherwise. */
const report = (body: string, headers: Record<string, string> = {}): Attack => ({
  method: "POST",
  path: "/_report",
  body,
  headers: { "Content-Type": "application/json", ...headers },
});

/** A POST to on-demand revalidation, with a secret that is not the server's. */
const revalidate = (body: string, headers: Record<string, string> = {}): Attack => ({
  method: "POST",
  path: "/_revalidate",
  body,
  headers: {
    Authorization: "Bearer not-the-secret-0123456789",
    "Content-Type": "application/json",
    ...headers,
  },
});

const LEAKS = [
  /root:x:0:0/,
  /"devDependencies"/,
  /createRequestHandler/,
  /\[core\]/,
  /BEGIN [A-Z ]*PRIVATE KEY/,
];

export const CORPUS: [string, Attack][] = [
  // Bad percent-encoding.
  ["lone %", { path: "/%" }],
  ["truncated UTF-8", { path: "/%E0%A4%A" }],
  ["non-hex escape", { path: "/%zz" }],
  ["overlong UTF-8 slash", { path: "/%C0%AF" }],
  ["invalid UTF-8 byte", { path: "/%FF" }],
  ["IIS-style %u", { path: "/%u002e%u002e/" }],
  ["double %", { path: "/%%32%65" }],
  ["bad escape in a blog slug", { path: "/blog/%E2%82" }],
  ["encoded NUL", { path: "/about%00.txt" }],
  ["bad escape in the query", { path: "/about?q=%E0%A4%A" }],
  // Overlong input.
  ["path over MAX_URL_LENGTH", { path: `/${"a".repeat(9000)}` }],
  ["query over MAX_URL_LENGTH", { path: `/about?${"q".repeat(9000)}` }],
  ["long but allowed path", { path: `/${"a".repeat(2000)}` }],
  ["two hundred segments", { path: "/x".repeat(200) }],
  [
    "a thousand query parameters",
    { path: `/about?${Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join("&")}` },
  ],
  ["a 20 KB header", { path: "/about", headers: { "X-Big": "b".repeat(20_000) } }],
  ["a 10 KB cookie", { path: "/", headers: { Cookie: `locale=fr; junk=${"c".repeat(10_000)}` } }],
  [
    "a huge Accept-Language",
    { path: "/", headers: { "Accept-Language": "fr;q=0.1,".repeat(1000) } },
  ],
  // Traversal toward files.
  ["dot-dot", { path: "/../../etc/passwd" }],
  ["encoded slashes", { path: "/..%2f..%2fetc%2fpasswd" }],
  ["encoded dots", { path: "/%2e%2e/%2e%2e/etc/passwd" }],
  ["mixed dots", { path: "/.%2e/.%2e/etc/passwd" }],
  ["double-encoded dots", { path: "/assets/%252e%252e/%252e%252e/package.json" }],
  ["assets then encoded traversal", { path: "/assets/..%2f..%2fserver%2findex.js" }],
  ["assets then dots", { path: "/assets/%2e%2e/%2e%2e/package.json" }],
  ["backslash traversal", { path: "/assets/..\\..\\package.json" }],
  ["the server build", { path: "/build/server/index.js" }],
  ["the package manifest", { path: "/package.json" }],
  ["node_modules", { path: "/node_modules/react/package.json" }],
  ["dotenv", { path: "/.env" }],
  ["git config", { path: "/.git/config" }],
  ["traversal after a real file", { path: "/favicon.ico/..%2f..%2fpackage.json" }],
  ["proc", { path: "/assets/../../../../proc/self/environ" }],
  // Redirect tricks.
  ["protocol-relative", { path: "//evil.example/" }],
  ["protocol-relative with dots", { path: "//evil.example/%2e%2e" }],
  ["backslash host", { path: "/\\evil.example" }],
  ["backslash slash host", { path: "/\\/evil.example/" }],
  ["triple slash", { path: "///evil.example/" }],
  ["encoded double slash", { path: "/%2f%2fevil.example/" }],
  ["encoded double backslash", { path: "/%5c%5cevil.example/" }],
  ["userinfo", { path: "//evil.example@good.example/" }],
  ["dot then double slash", { path: "/.//evil.example/" }],
  ["dot-dot then double slash", { path: "/..//evil.example" }],
  ["locale then double slash", { path: "/FR//evil.example/" }],
  ["redirect target in the query", { path: "/about/?next=//evil.example" }],
  [
    "detected locale with a hostile query",
    { path: "/?x=//evil.example", headers: { "Accept-Language": "fr" } },
  ],
  ["hostile locale cookie", { path: "/", headers: { Cookie: "locale=//evil.example" } }],
  [
    "data request for a protocol-relative page",
    { path: "//evil.example/_.data", headers: { "X-Build-Id": "old" } },
  ],
  // Header injection attempts.
  ["encoded CRLF in the path", { path: "/about%0d%0aSet-Cookie:%20x=1" }],
  ["encoded CRLF before a redirect", { path: "/about/%0d%0aLocation:%20http://evil.example" }],
  ["encoded CRLF in a redirected query", { path: "/about/?x=%0d%0aSet-Cookie:%20a=1" }],
  ["unicode CRLF lookalikes", { path: "/about/%E5%98%8A%E5%98%8DSet-Cookie:x" }],
  ["CRLF in the request id", { path: "/about", headers: { "X-Request-Id": "a%0d%0ab" } }],
  // Odd methods.
  ["OPTIONS", { method: "OPTIONS", path: "/about" }],
  ["TRACE", { method: "TRACE", path: "/about" }],
  ["PROPFIND", { method: "PROPFIND", path: "/" }],
  ["MKCOL", { method: "MKCOL", path: "/x" }],
  ["made-up method", { method: "BREW", path: "/" }],
  ["DELETE on a page", { method: "DELETE", path: "/about" }],
  ["PUT on a page", { method: "PUT", path: "/about" }],
  ["PATCH on an asset", { method: "PATCH", path: "/favicon.ico" }],
  ["POST to route data", { method: "POST", path: "/about.data" }],
  ["POST to the manifest", { method: "POST", path: "/__manifest" }],
  [
    "a body too large",
    { method: "POST", path: "/about", headers: { "Content-Length": String(50 << 20) } },
  ],
  // Hosts.
  ["unknown Host", { path: "/about", headers: { Host: "evil.example" } }],
  ["malformed Host", { path: "/about", headers: { Host: "evil.example/x" } }],
  ["Host with userinfo", { path: "/about", headers: { Host: "good@evil.example" } }],
  ["Host with spaces", { path: "/about", headers: { Host: "a b" } }],
  ["Host that no URL can hold", { path: "/about", headers: { Host: "999.1.1.1" } }],
  ["Host with an impossible port", { path: "/about", headers: { Host: "a:99999" } }],
  ["Host with an odd IPv6 literal", { path: "/about", headers: { Host: "[1]" } }],
  [
    "X-Forwarded-Host that no URL can hold",
    { path: "/about", headers: { "X-Forwarded-Host": "1.2.3.4.5" } },
  ],
  [
    "chunked body with no length",
    { method: "POST", path: "/about", headers: { "Transfer-Encoding": "chunked" } },
  ],
  [
    "unknown X-Forwarded-Host",
    { path: "/about/", headers: { "X-Forwarded-Host": "evil.example" } },
  ],
  [
    "malformed X-Forwarded-Host",
    { path: "/about", headers: { "X-Forwarded-Host": "evil.example/x" } },
  ],
  ["odd X-Forwarded-Proto", { path: "/about", headers: { "X-Forwarded-Proto": "javascript" } }],
  ["junk X-Forwarded-For", { path: "/about", headers: { "X-Forwarded-For": "<script>" } }],
  ["manifest with a huge path list", { path: `/__manifest?version=x&paths=${"/a,".repeat(3000)}` }],
  // The report endpoint.
  ["report endpoint by GET", { path: "/_report" }],
  [
    "report from another site",
    report('{"type":"client-error"}', { Origin: "https://evil.example" }),
  ],
  ["report with a cross-site fetch", report("{}", { "Sec-Fetch-Site": "cross-site" })],
  ["report as text", report("hello", { "Content-Type": "text/plain" })],
  ["report as a form", report("a=1", { "Content-Type": "application/x-www-form-urlencoded" })],
  ["oversized report", report(`{"type":"client-error","message":"${"x".repeat(20_000)}"}`)],
  ["report that is no JSON", report("{{{{")],
  ["report of no known kind", report('{"type":"__proto__","__proto__":{"polluted":1}}')],
  [
    "report with header injection in every field",
    report(
      JSON.stringify({
        type: "client-error",
        reference: "x\r\nSet-Cookie: a=1",
        message: "m\r\nSet-Cookie: a=1",
        stack: "s\r\nLocation: //evil.example",
        route: "r\r\nX: 1",
        buildId: "b\r\n",
        url: "https://evil.example/\r\nSet-Cookie: a=1",
      }),
    ),
  ],
  [
    "a CSP report with no violation in it",
    report("{}", { "Content-Type": "application/csp-report" }),
  ],
  [
    "report with a page id that is no id",
    {
      ...report('{"csp-report":{}}', { "Content-Type": "application/csp-report" }),
      path: "/_report?page=%0d%0aSet-Cookie:x",
    },
  ],
  // On-demand revalidation (past 10 in 10 s, every one is a 429: also safe).
  ["revalidate by GET", { path: "/_revalidate?secret=x" }],
  ["revalidate without a secret", revalidate('{"paths":["/"]}', { Authorization: "" })],
  ["revalidate with Basic auth", revalidate('{"paths":["/"]}', { Authorization: "Basic YTpi" })],
  [
    "revalidate with a header-injecting token",
    revalidate("{}", { Authorization: "Bearer x\tSet-Cookie" }),
  ],
  [
    "revalidate with a wrong secret and a protocol-relative path",
    revalidate('{"paths":["//evil.example"]}'),
  ],
  [
    "revalidate with a wrong secret and a prototype-polluting body",
    revalidate('{"__proto__":{"paths":["/"]},"tags":["constructor"]}'),
  ],
  [
    "revalidate with a wrong secret and an oversized body",
    revalidate(`{"paths":["/${"a".repeat(20_000)}"]}`),
  ],
  [
    "revalidate with a wrong secret as text",
    revalidate("paths=/", { "Content-Type": "text/plain" }),
  ],
  [
    "revalidate with a wrong secret and deep nesting",
    revalidate(`${"[".repeat(5000)}${"]".repeat(5000)}`),
  ],
];

/** The image optimizer's parameters, bent every way: each must be a 4xx, none a 5xx or a fetch. */
const image = (query: string) => `/_image?${query}`;
export const IMAGE_CORPUS: [string, string][] = [
  ["a huge width", image("src=/images/valley.jpg&w=99999999999999999999&q=75")],
  ["a width off the size sets", image("src=/images/valley.jpg&w=641&q=75")],
  ["a negative width", image("src=/images/valley.jpg&w=-640&q=75")],
  ["a width in exponent form", image("src=/images/valley.jpg&w=6.4e2&q=75")],
  ["q=0", image("src=/images/valley.jpg&w=640&q=0")],
  ["a quality off the allowlist", image("src=/images/valley.jpg&w=640&q=100")],
  ["two widths", image("src=/images/valley.jpg&w=640&w=3840&q=75")],
  ["no source", image("w=640&q=75")],
  ["Next.js's url= parameter", image("url=//evil.example/a.jpg&w=640&q=75")],
  ["a protocol-relative source", image("src=//evil.example/a.jpg&w=640&q=75")],
  ["an encoded protocol-relative source", image("src=%2F%2Fevil.example%2Fa.jpg&w=640&q=75")],
  ["a backslash source", image("src=/%5Cevil.example/a.jpg&w=640&q=75")],
  ["a remote source off the allowlist", image("src=https://evil.example/a.jpg&w=640&q=75")],
  ["cloud metadata", image("src=http://169.254.169.254/latest/meta-data/&w=640&q=75")],
  ["cloud metadata, IPv6", image("src=http://[fd00:ec2::254]/latest/&w=640&q=75")],
  ["cloud metadata by name", image("src=http://metadata.google.internal/&w=640&q=75")],
  ["loopback", image("src=http://127.0.0.1:22/&w=640&q=75")],
  ["a decimal IP", image("src=http://2130706433/&w=640&q=75")],
  ["a file URL", image("src=file:///etc/passwd&w=640&q=75")],
  ["dot-dot", image("src=/images/../../package.json&w=640&q=75")],
  ["encoded traversal", image("src=/images/..%2f..%2fpackage.json&w=640&q=75")],
  ["double-encoded traversal", image("src=/images/%252e%252e/%252e%252e/package.json&w=640&q=75")],
  ["the server build", image("src=/../build/server/index.js&w=640&q=75")],
  ["a source that is no image", image("src=/favicon.ico.missing&w=640&q=75")],
  ["a file that is no raster image", image("src=/favicon.ico&w=640&q=75")],
  ["an encoded NUL in the source", image("src=/images/valley.jpg%00.png&w=640&q=75")],
  ["CRLF in the source", image("src=/images/valley.jpg%0d%0aSet-Cookie:%20x=1&w=640&q=75")],
  ["a source over the URL limit", image(`src=/${"a".repeat(9000)}.jpg&w=640&q=75`)],
];

export const RAW: [string, string][] = [
  ["literal CRLF injection", "GET /about\r\nSet-Cookie: x=1 HTTP/1.1\r\nHost: a\r\n\r\n"],
  ["tab in the path", "GET /ab\tout HTTP/1.1\r\nHost: a\r\n\r\n"],
  ["raw non-ASCII bytes", "GET /caf\xe9 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"],
  [
    "absolute-form target",
    "GET http://evil.example/about HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
  ],
  ["asterisk target", "OPTIONS * HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"],
  ["HTTP/1.0 without Host", "GET /about/ HTTP/1.0\r\n\r\n"],
  ["garbage", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n"],
];

export function expectSafe(name: string, response: HttpResponse) {
  expect(response.status, name).toBeGreaterThanOrEqual(200);
  expect(response.status, name).toBeLessThan(500);
  if (response.status >= 300 && response.status < 400) {
    expect(response.headers.location, name).toMatch(/^\/(?![/\\])/);
  }
  const redirect = response.headers["x-remix-redirect"];
  if (redirect) expect(redirect, name).toMatch(/^\/(?![/\\])/);
  for (const leak of LEAKS) expect(response.body, name).not.toMatch(leak);
  expect(response.headers["set-cookie"], name).toBeUndefined();
}

/** What a raw exchange (RAW) may get: no answer (the connection closed), or one that is safe. */
export function expectSafeRawAnswer(name: string, answer: string) {
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
  if (status !== 0) {
    expect(status, name).toBeLessThan(500);
    const location = /\r\nlocation: ([^\r]*)/i.exec(answer)?.[1];
    if (location) expect(location, name).toMatch(/^\/(?![/\\])/);
  }
  expect(answer, name).not.toMatch(/\r\nSet-Cookie: x=1/i);
}

/** How an attack is sent: its method, headers and body, with the body's length. */
export const attackRequest = (attack: Attack): RequestOptions => ({
  method: attack.method ?? "GET",
  headers: {
    ...attack.headers,
    ...(attack.body !== undefined && { "Content-Length": String(Buffer.byteLength(attack.body)) }),
  },
  body: attack.body,
});
