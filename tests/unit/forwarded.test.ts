import { describe, expect, test } from "vitest";
import { hstsHost } from "../../server/steps/security-headers.ts";
import { clientAddress, requestOrigin, requestProtocol } from "../../server/platform/forwarded.ts";

const direct = { trustProxy: false, publicOrigin: null };
const proxied = { trustProxy: true, publicOrigin: null };

describe("requestOrigin", () => {
  test.each([
    [direct, { host: "app.example:3000" }, { protocol: "http:", host: "app.example:3000" }],
    [direct, { host: "APP.example" }, { protocol: "http:", host: "app.example" }],
    [direct, {}, { protocol: "http:", host: "localhost" }],
    [direct, { host: "[::1]:3000" }, { protocol: "http:", host: "[::1]:3000" }],
    [
      direct,
      { host: "app.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      { protocol: "http:", host: "app.example" },
    ],
    [
      proxied,
      { host: "app:3000", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" },
      { protocol: "https:", host: "shop.example" },
    ],
    [
      proxied,
      { host: "app:3000", "x-forwarded-host": "spoofed.example, shop.example" },
      { protocol: "http:", host: "shop.example" },
    ],
    [proxied, { host: "app:3000" }, { protocol: "http:", host: "app:3000" }],
    [
      { trustProxy: true, publicOrigin: "https://shop.example" },
      { host: "app:3000", "x-forwarded-host": "evil.example" },
      { protocol: "https:", host: "shop.example" },
    ],
  ])("%j with %j -> %j", (options, headers, expected) => {
    expect(requestOrigin(headers, options)).toEqual(expected);
  });

  test.each([
    [direct, { host: "evil.example/path" }],
    [direct, { host: "a b" }],
    [direct, { host: "app.example:3000:1" }],
    [direct, { host: "user@evil.example" }],
    [direct, { host: "-bad.example" }],
    [proxied, { host: "app", "x-forwarded-host": "evil.example\\@x" }],
    [proxied, { host: "app", "x-forwarded-proto": "javascript" }],
    [direct, { host: "999.1.1.1" }],
    [direct, { host: "a:99999" }],
    [direct, { host: "1.2.3.4.5" }],
    [direct, { host: "[1]" }],
    [proxied, { host: "app", "x-forwarded-host": "999.1.1.1" }],
  ])("%j with %j is refused", (options, headers) => {
    expect(requestOrigin(headers, options)).toBeNull();
  });
});

describe("requestProtocol", () => {
  test.each([
    [direct, { "x-forwarded-proto": "https" }, "http:"],
    [proxied, { "x-forwarded-proto": "https" }, "https:"],
    [proxied, { "x-forwarded-proto": "http" }, "http:"],
    [proxied, {}, "http:"],
    // Our proxy's value is the last one.
    [proxied, { "x-forwarded-proto": "http, https" }, "https:"],
    [proxied, { "x-forwarded-proto": "https, http" }, "http:"],
    [proxied, { "x-forwarded-proto": "HTTPS" }, null],
    [proxied, { "x-forwarded-proto": "javascript" }, null],
    [{ trustProxy: false, publicOrigin: "https://shop.example" }, {}, "https:"],
    [
      { trustProxy: true, publicOrigin: "http://shop.example" },
      { "x-forwarded-proto": "https" },
      "http:",
    ],
  ])("%j with %j -> %s", (options, headers, expected) => {
    expect(requestProtocol(headers, options)).toBe(expected);
  });
});

describe("clientAddress", () => {
  test.each([
    [direct, { "x-forwarded-for": "203.0.113.9" }, "10.0.0.2"],
    [proxied, { "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
    [proxied, { "x-forwarded-for": "1.1.1.1, 203.0.113.9" }, "203.0.113.9"],
    [proxied, {}, "10.0.0.2"],
  ])("%j with %j -> %s", (options, headers, expected) => {
    expect(clientAddress(headers, "10.0.0.2", options)).toBe(expected);
  });
});

describe("hstsHost", () => {
  test.each([
    ["shop.example", true],
    ["shop.example:8443", true],
    ["Shop.Example", true],
    ["localhost", false],
    ["localhost:8443", false],
    ["app.localhost", false],
    ["127.0.0.1", false],
    ["10.0.0.2:443", false],
    ["[::1]:8443", false],
    ["[2001:db8::1]", false],
    ["localhost.example", true],
  ])("%s -> %s", (host, expected) => {
    expect(hstsHost(host)).toBe(expected);
  });
});
