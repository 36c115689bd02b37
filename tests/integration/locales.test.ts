import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  DETECTION_CASES,
  expectDetection,
  expectLocalePage,
  LOCALE_PAGES,
} from "./contract-cases.ts";
import {
  alternates,
  canonicalLink,
  errorPage,
  htmlLang,
  startServer,
  startServerWithTrailingSlash,
  type RunningServer,
} from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("contract §3: locale prefixes", () => {
  test.each(LOCALE_PAGES)("%s is served in %s", (path, locale, heading) =>
    expectLocalePage(server, path, locale, heading),
  );

  test("/en/about is English with its canonical link on the unprefixed URL", async () => {
    const response = await server.request("/en/about", { headers: { Host: "shop.example" } });
    expect(canonicalLink(response.body)).toBe("http://shop.example/about");
  });

  test("every page links all its locales and x-default, as absolute URLs", async () => {
    const response = await server.request("/fr/blog/new", { headers: { Host: "shop.example" } });
    expect(canonicalLink(response.body)).toBe("http://shop.example/fr/blog/new");
    expect(alternates(response.body)).toEqual({
      en: "http://shop.example/blog/new",
      fr: "http://shop.example/fr/blog/new",
      de: "http://shop.example/de/blog/new",
      "x-default": "http://shop.example/blog/new",
    });
  });

  test("the root of a locale links the other roots", async () => {
    const response = await server.request("/de", { headers: { Host: "shop.example" } });
    expect(alternates(response.body)).toMatchObject({
      en: "http://shop.example/",
      fr: "http://shop.example/fr",
    });
  });

  test("a prefix in the wrong case is redirected", async () => {
    const response = await server.request("/FR/about");
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe("/fr/about");
  });

  test.each(["/xx/about", "/french/about", "/fr-ca/about"])(
    "an unknown prefix is just an unknown path: %s is a 404",
    async (path) => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(htmlLang(response.body)).toBe("en");
    },
  );

  test("the language switcher links the same page in every locale", async () => {
    const response = await server.request("/fr/shop/red?sort=price");
    const switcher: Record<string, string> = {};
    for (const [tag] of response.body.matchAll(/<a [^>]*data-locale-switch="\w+"[^>]*>/g)) {
      switcher[/data-locale-switch="(\w+)"/.exec(tag)![1]!] = /href="([^"]+)"/.exec(tag)![1]!;
    }
    expect(switcher).toEqual({
      en: "/shop/red?sort=price",
      fr: "/fr/shop/red?sort=price",
      de: "/de/shop/red?sort=price",
    });
  });
});

describe("contract §3: detection on /", () => {
  test.each(DETECTION_CASES)("Accept-Language %s answers 307 to %s", (acceptLanguage, location) =>
    expectDetection(server, acceptLanguage, location),
  );

  test.each(["en-US,en;q=0.9,fr;q=0.8", "es", ""])(
    "Accept-Language %j stays on / in English",
    async (acceptLanguage) => {
      const response = await server.request("/", {
        headers: { "Accept-Language": acceptLanguage },
      });
      expect(response.status).toBe(200);
      expect(htmlLang(response.body)).toBe("en");
      // The contract's two, beside any other (Accept-Encoding, for a compressible page).
      expect(response.headers.vary).toMatch(/^Accept-Language, Cookie(, |$)/);
    },
  );

  test("the query string survives detection", async () => {
    const response = await server.request("/?ref=mail", { headers: { "Accept-Language": "de" } });
    expect(response.headers.location).toBe("/de?ref=mail");
  });

  test("a locale cookie wins over Accept-Language", async () => {
    const english = await server.request("/", {
      headers: { "Accept-Language": "fr", Cookie: "theme=dark; locale=en" },
    });
    expect(english.status).toBe(200);
    const german = await server.request("/", {
      headers: { "Accept-Language": "fr", Cookie: "locale=de" },
    });
    expect(german.status).toBe(307);
    expect(german.headers.location).toBe("/de");
  });

  test("an unknown cookie value is ignored", async () => {
    const response = await server.request("/", {
      headers: { "Accept-Language": "fr", Cookie: "locale=xx" },
    });
    expect(response.headers.location).toBe("/fr");
  });

  test("detection happens only on /", async () => {
    const response = await server.request("/about", { headers: { "Accept-Language": "fr" } });
    expect(response.status).toBe(200);
    expect(htmlLang(response.body)).toBe("en");
  });

  test("a French 404 under /fr", async () => {
    const response = await server.request("/fr/nope", { headers: { "Accept-Language": "de" } });
    expect(response.status).toBe(404);
    expect(errorPage(response.body)).toBe("not-found");
    expect(htmlLang(response.body)).toBe("fr");
  });
});

test("detection with trailing slashes always targets /fr/", async () => {
  const always = await startServerWithTrailingSlash("always");
  try {
    const response = await always.request("/", { headers: { "Accept-Language": "fr" } });
    expect(response.headers.location).toBe("/fr/");
  } finally {
    await always.stop();
  }
}, 120_000);
