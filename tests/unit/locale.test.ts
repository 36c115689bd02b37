import { describe, expect, test } from "vitest";
import type { DomainLocale } from "../../app/routing/site-config.ts";
import {
  detectedLocale,
  domainOfHost,
  domainOfLocale,
  localeHome,
  type Locale,
  localeCookie,
  localeFromCookie,
  localizedPath,
  negotiateLocale,
  preferredLocale,
  splitLocalePath,
} from "../../app/routing/locale.ts";

describe("splitLocalePath", () => {
  test.each([
    ["/", "en", null, "/"],
    ["/about", "en", null, "/about"],
    ["/fr", "fr", "fr", "/"],
    ["/fr/", "fr", "fr", "/"],
    ["/fr/about", "fr", "fr", "/about"],
    ["/de/blog/new", "de", "de", "/blog/new"],
    ["/en/about", "en", "en", "/about"],
    ["/xx/about", "en", null, "/xx/about"],
    ["/french/about", "en", null, "/french/about"],
    ["/FR/about", "en", null, "/FR/about"],
  ])("%s -> locale %s, prefix %s, path %s", (input, locale, prefix, path) => {
    expect(splitLocalePath(input)).toEqual({ locale, prefix, path });
  });
});

describe("localizedPath", () => {
  test.each([
    ["en", "/", "/"],
    ["en", "/about", "/about"],
    ["fr", "/", "/fr"],
    ["fr", "/about", "/fr/about"],
    ["de", "/shop/red", "/de/shop/red"],
  ] as const)("%s + %s -> %s", (locale, path, expected) => {
    expect(localizedPath(locale, path)).toBe(expected);
  });
});

describe("negotiateLocale (Accept-Language)", () => {
  test.each([
    [undefined, "en"],
    ["", "en"],
    ["fr", "fr"],
    ["fr-CA", "fr"],
    ["fr-ca,en;q=0.5", "fr"],
    ["de-Latn-DE-1996", "de"],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["en-US,en;q=0.9,fr;q=0.8", "en"],
    ["en;q=0.5,fr;q=0.8", "fr"],
    ["es,it;q=0.9,de;q=0.1", "de"],
    ["es,it", "en"],
    ["*", "en"],
    ["fr;q=0,de", "de"],
    ["fr;q=0", "en"],
    ["  FR-ch ;q=0.7 , xx", "fr"],
    ["de;q=1.0,fr;q=1", "de"],
    ["fr;q=2,de;q=0.5", "de"],
    ["fr;q=abc,de;q=0.5", "de"],
    ["fr;q=1.5,de;q=0.5", "de"],
    ["%%%,;;;,==", "en"],
    [",".repeat(10_000) + "fr", "en"],
  ])("%j -> %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe("localeFromCookie", () => {
  test.each([
    [undefined, null],
    ["", null],
    ["locale=fr", "fr"],
    ["theme=dark; locale=de", "de"],
    ['locale="fr"', "fr"],
    ["locale=xx", null],
    ["locale=FR", "fr"],
    ["mylocale=fr", null],
    ["locale", null],
  ])("%j -> %s", (header, expected) => {
    expect(localeFromCookie(header)).toBe(expected);
  });
});

describe("preferredLocale: a remembered choice wins", () => {
  test.each([
    [{ cookie: "locale=en", acceptLanguage: "fr" }, "en"],
    [{ cookie: "locale=de", acceptLanguage: "fr" }, "de"],
    [{ cookie: "locale=xx", acceptLanguage: "fr" }, "fr"],
    [{ cookie: undefined, acceptLanguage: "de" }, "de"],
  ])("%j -> %s", (signals, expected) => {
    expect(preferredLocale(signals)).toBe(expected);
  });
});

describe("detectedLocale: only on /", () => {
  test.each([
    ["/", { cookie: undefined, acceptLanguage: "fr-CA" }, "fr"],
    ["/", { cookie: undefined, acceptLanguage: "en" }, null],
    ["/", { cookie: "locale=en", acceptLanguage: "fr" }, null],
    ["/", { cookie: "locale=de", acceptLanguage: undefined }, "de"],
    ["/about", { cookie: undefined, acceptLanguage: "fr" }, null],
    ["/fr", { cookie: "locale=de", acceptLanguage: undefined }, null],
  ])("%s %j -> %s", (path, signals, expected) => {
    expect(detectedLocale(path, signals)?.locale ?? null).toBe(expected);
  });
});

// The example site's locales (en, fr, de) on two domains, as next.config writes them.
const DOMAINS = [
  { domain: "example.com", defaultLocale: "en", locales: ["de"] },
  { domain: "example.fr", defaultLocale: "fr", http: true },
] as const satisfies readonly DomainLocale<Locale>[];

describe("locale domains: a host's domain, a locale's domain", () => {
  test.each([
    ["example.fr", "example.fr"],
    ["EXAMPLE.fr:8443", "example.fr"],
    ["www.example.fr", null],
    ["localhost:3000", null],
    [null, null],
  ])("host %s is on %s", (host, domain) => {
    expect(domainOfHost(host, DOMAINS)?.domain ?? null).toBe(domain);
  });

  test.each([
    ["en", "example.com"],
    ["de", "example.com"],
    ["fr", "example.fr"],
  ] as const)("%s is served by %s", (locale, domain) => {
    expect(domainOfLocale(locale, DOMAINS)?.domain).toBe(domain);
  });

  test.each([
    // On a locale domain, each locale at its home; elsewhere (a preview host), on itself.
    ["fr", "example.com", { origin: "http://example.fr", defaultLocale: "fr" }],
    ["de", "example.fr", { origin: "https://example.com", defaultLocale: "en" }],
    ["en", "example.com", { origin: "https://example.com", defaultLocale: "en" }],
    ["fr", "preview.internal", { origin: "", defaultLocale: "en" }],
  ] as const)("%s seen from %s lives at %j", (locale, host, home) => {
    expect(localeHome(locale, domainOfHost(host, DOMAINS), DOMAINS)).toEqual(home);
  });
});

describe("on a host whose unprefixed locale is fr (a locale domain's)", () => {
  test.each([
    ["/about", "fr", null, "/about"],
    ["/fr/about", "fr", "fr", "/about"],
    ["/en/about", "en", "en", "/about"],
  ])("%s -> locale %s, prefix %s, path %s", (input, locale, prefix, path) => {
    expect(splitLocalePath(input, "fr")).toEqual({ locale, prefix, path });
  });

  test.each([
    ["fr", "/about", "/about"],
    ["en", "/about", "/en/about"],
    ["en", "/", "/en"],
  ] as const)("%s %s -> %s", (locale, path, expected) => {
    expect(localizedPath(locale, path, "fr")).toBe(expected);
  });
});

describe("detectedLocale on a locale domain: Accept-Language names another domain's home", () => {
  test.each([
    ["example.fr", { acceptLanguage: undefined }, null],
    ["example.fr", { acceptLanguage: "fr-FR,fr;q=0.9" }, null],
    ["example.fr", { acceptLanguage: "en" }, ["en", "https://example.com"]],
    ["EXAMPLE.COM:443", { acceptLanguage: "fr" }, ["fr", "http://example.fr"]],
    // A locale of this domain other than its default: its prefix, here.
    ["example.com", { acceptLanguage: "de" }, ["de", "https://example.com"]],
    ["example.com", { acceptLanguage: "en-GB" }, null],
    // On a domain, the cookie is not read: the domain says the locale.
    ["example.com", { cookie: "locale=fr", acceptLanguage: undefined }, null],
    // A host that is no domain: the site's rule (cookie, then Accept-Language), on itself.
    ["localhost:3000", { cookie: "locale=de", acceptLanguage: "fr" }, ["de", ""]],
  ] as const)("%s %j -> %j", (host, signals, expected) => {
    const found = detectedLocale("/", { cookie: undefined, ...signals }, host, DOMAINS);
    expect(found && [found.locale, found.origin]).toEqual(expected);
  });

  test("only on /", () => {
    expect(
      detectedLocale("/about", { cookie: undefined, acceptLanguage: "fr" }, "example.com", DOMAINS),
    ).toBeNull();
  });
});

test("the locale cookie is site-wide, long-lived, not sent cross-site, and over HTTPS Secure", () => {
  expect(localeCookie("fr", false, "")).toBe("locale=fr; Path=/; Max-Age=31536000; SameSite=Lax");
  expect(localeCookie("de", true, "")).toBe(
    "locale=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
  );
});

test("under a base path, the locale cookie is the site's alone", () => {
  expect(localeCookie("fr", false, "/shop")).toBe(
    "locale=fr; Path=/shop; Max-Age=31536000; SameSite=Lax",
  );
});
