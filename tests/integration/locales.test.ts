import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "../../app/routing/locale.ts";
import {
  at,
  base,
  canonical,
  DETECTION_CASES,
  expectDetection,
  expectLocalePage,
  L0,
  L1,
  L2,
  LOCALE_PAGES,
  pathIn,
  UNSERVED,
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

  test(`/${L0}/about is served in ${L0}, its canonical link on the unprefixed URL`, async () => {
    const response = await server.request(canonical(`/${L0}/about`), {
      headers: { Host: "shop.example" },
    });
    expect(canonicalLink(response.body)).toBe(`http://shop.example${pathIn(L0, "/about")}`);
  });

  test("every page links all its locales and x-default, as absolute URLs", async () => {
    const response = await server.request(pathIn(L1, "/blog/new"), {
      headers: { Host: "shop.example" },
    });
    expect(canonicalLink(response.body)).toBe(`http://shop.example${pathIn(L1, "/blog/new")}`);
    expect(alternates(response.body)).toEqual({
      ...Object.fromEntries(
        LOCALES.map((locale) => [locale, `http://shop.example${pathIn(locale, "/blog/new")}`]),
      ),
      "x-default": `http://shop.example${pathIn(L0, "/blog/new")}`,
    });
  });

  test("the root of a locale links the other roots", async () => {
    const response = await server.request(pathIn(L2, "/"), { headers: { Host: "shop.example" } });
    expect(alternates(response.body)).toMatchObject({
      [L0]: `http://shop.example${pathIn(L0, "/")}`,
      [L1]: `http://shop.example${pathIn(L1, "/")}`,
    });
  });

  test("a prefix in the wrong case is redirected", async () => {
    const response = await server.request(canonical(`/${L1.toUpperCase()}/about`));
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(pathIn(L1, "/about"));
  });

  test.each(
    ["/xx/about", `/${UNSERVED}/about`, `/${L1}ish/about`, `/${L1}-ca/about`].map(canonical),
  )("an unknown prefix is just an unknown path: %s is a 404", async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expect(htmlLang(response.body)).toBe(L0);
  });

  test("the language switcher links the same page in every locale", async () => {
    const response = await server.request(`${pathIn(L1, "/shop/red")}?sort=price`);
    const switcher: Record<string, string> = {};
    for (const [tag] of response.body.matchAll(/<a [^>]*data-locale-switch="[\w-]+"[^>]*>/g)) {
      switcher[/data-locale-switch="([\w-]+)"/.exec(tag)![1]!] = /href="([^"]+)"/.exec(tag)![1]!;
    }
    expect(switcher).toEqual(
      Object.fromEntries(
        LOCALES.map((locale) => [locale, `${pathIn(locale, "/shop/red")}?sort=price`]),
      ),
    );
  });
});

describe("contract §3: detection on /", () => {
  test.each(DETECTION_CASES)("Accept-Language %s answers 307 to %s", (acceptLanguage, location) =>
    expectDetection(server, acceptLanguage, location),
  );

  test.each([`${L0}-US,${L0};q=0.9,${L1};q=0.8`, UNSERVED, ""])(
    `Accept-Language %j stays on / in ${L0}`,
    async (acceptLanguage) => {
      const response = await server.request(at("/"), {
        headers: { "Accept-Language": acceptLanguage },
      });
      expect(response.status).toBe(200);
      expect(htmlLang(response.body)).toBe(L0);
      // The contract's two, beside any other (Accept-Encoding, for a compressible page).
      expect(response.headers.vary).toMatch(/^Accept-Language, Cookie(, |$)/);
    },
  );

  test("the query string survives detection", async () => {
    const response = await server.request(at("/?ref=mail"), { headers: { "Accept-Language": L2 } });
    expect(response.headers.location).toBe(`${pathIn(L2, "/")}?ref=mail`);
  });

  test("a locale cookie wins over Accept-Language", async () => {
    const stays = await server.request(at("/"), {
      headers: { "Accept-Language": L1, Cookie: `theme=dark; locale=${L0}` },
    });
    expect(stays.status).toBe(200);
    const redirected = await server.request(at("/"), {
      headers: { "Accept-Language": L1, Cookie: `locale=${L2}` },
    });
    expect(redirected.status).toBe(307);
    expect(redirected.headers.location).toBe(pathIn(L2, "/"));
  });

  test("an unknown cookie value is ignored", async () => {
    const response = await server.request(at("/"), {
      headers: { "Accept-Language": L1, Cookie: "locale=xx" },
    });
    expect(response.headers.location).toBe(pathIn(L1, "/"));
  });

  test("detection happens only on /", async () => {
    const response = await server.request(pathIn(L0, "/about"), {
      headers: { "Accept-Language": L1 },
    });
    expect(response.status).toBe(200);
    expect(htmlLang(response.body)).toBe(L0);
  });

  test(`a 404 under /${L1} is in ${L1}, whatever the browser prefers`, async () => {
    const response = await server.request(pathIn(L1, "/nope"), {
      headers: { "Accept-Language": L2 === L1 ? L0 : L2 },
    });
    expect(response.status).toBe(404);
    expect(errorPage(response.body)).toBe("not-found");
    expect(htmlLang(response.body)).toBe(L1);
  });
});

test(`detection with trailing slashes always targets /${L1}/`, async () => {
  const always = await startServerWithTrailingSlash("always");
  try {
    // The home page in that style: `/`, or the base path with its slash.
    const response = await always.request(`${base}/`, { headers: { "Accept-Language": L1 } });
    expect(response.headers.location).toBe(`${base}/${L1}/`);
  } finally {
    await always.stop();
  }
}, 120_000);
