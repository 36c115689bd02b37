import { describe, expect, test } from "vitest";
import {
  detectedLocale,
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
    expect(detectedLocale(path, signals)).toBe(expected);
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
