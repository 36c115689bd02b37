/**
 * The same code under another site.config.ts: other locales (`de`, `es`, the
 * default `es`), locale detection, and trailing slashes. A copy of the app is
 * built with that config, as a team's site would be, and the URL rules that
 * depend on it are checked over HTTP, with the route inventory read from the folder.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pagesIn } from "../../app/pages-folder.ts";
import { expectRoute } from "./contract-cases.ts";
import {
  alternates,
  canonicalLink,
  errorPage,
  htmlLang,
  siteConfigSource,
  startAppCopy,
  type RunningServer,
} from "./harness.ts";

const LOCALES = ["de", "es"];
const APP = new URL("../../app/", import.meta.url);

let server: RunningServer;
beforeAll(async () => {
  const messages = await readFile(new URL("i18n/messages.ts", APP), "utf8");
  // Spanish pages with the English text: this checks URLs, not translations.
  const withSpanish = messages.replace("{ en, fr, de }", "{ de, es: en }");
  expect(withSpanish).not.toBe(messages);
  server = await startAppCopy(
    {
      "site.config.ts": siteConfigSource({
        i18n: { locales: LOCALES, defaultLocale: "es", localeDetection: true },
        trailingSlash: true,
      }),
      "app/i18n/messages.ts": withSpanish,
    },
    { TRUST_PROXY: "1" },
  );
}, 120_000);
afterAll(() => server?.stop());

describe("a site with locales de and es (default es) and trailing slashes", () => {
  test.each([
    ["/", "es", "Welcome"],
    ["/about/", "es", "About us"],
    ["/de/about/", "de", "Über uns"],
    ["/es/about/", "es", "About us"],
  ])("%s is served in %s", async (path, locale, heading) => {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    expect(htmlLang(response.body)).toBe(locale);
    expect(response.body).toContain(`<h1>${heading}</h1>`);
  });

  test("canonical and hreflang links name the unprefixed default and each prefix, with the slash", async () => {
    const response = await server.request("/es/about/", { headers: { Host: "shop.example" } });
    expect(canonicalLink(response.body)).toBe("http://shop.example/about/");
    expect(alternates(response.body)).toEqual({
      de: "http://shop.example/de/about/",
      es: "http://shop.example/about/",
      "x-default": "http://shop.example/about/",
    });
  });

  test.each([
    ["/about", "/about/"],
    ["/DE/about", "/de/about/"],
    ["/de", "/de/"],
    ["/blog//x?q=1", "/blog/x/?q=1"],
  ])("%s answers 308 to %s", async (path, location) => {
    const response = await server.request(path);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
  });

  test("a locale the config does not list is an unknown path: /fr/about/ and /en/about/ are 404 pages", async () => {
    for (const path of ["/fr/about/", "/en/about/"]) {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(errorPage(response.body)).toBe("not-found");
    }
  });

  test("detection on / sends German browsers to /de/, and leaves Spanish and French ones on /", async () => {
    const de = await server.request("/", { headers: { "Accept-Language": "de-AT,de;q=0.9" } });
    expect(de.status).toBe(307);
    expect(de.headers.location).toBe("/de/");
    for (const language of ["es", "fr"]) {
      const stays = await server.request("/", { headers: { "Accept-Language": language } });
      expect(stays.status).toBe(200);
    }
  });

  test("every page of app/pages answers under each prefix", async () => {
    for (const page of pagesIn(new URL(".", APP).pathname)) {
      if (page.segments.some((s) => s.kind !== "static")) continue;
      for (const prefix of ["", "/de"]) {
        const path = `${prefix}${page.pattern === "/" ? "" : page.pattern}/`;
        await expectRoute(server, path === "/" ? "/" : path, page.pattern, {});
      }
    }
  });
});
