import { describe, expect, test } from "vitest";
import {
  browserSiteConfig,
  defineSiteConfig,
  siteConfigProblems,
  siteConfigInputOf,
} from "../../app/routing/site-config.ts";
import site from "../../site.config.ts";

describe("site.config.ts: what a bad value says, naming its key", () => {
  test.each([
    [{ trailingSlash: "always" }, 'trailingSlash: "always" must be true or false'],
    [
      { trailingslash: true },
      "trailingslash: not a setting (known: i18n, trailingSlash, redirects, headers, rewrites, assetPrefix, basePath, images, env)",
    ],
    [{ basePath: "/shop/" }, 'basePath: "/shop/" must not end with "/" (write "/shop")'],
    [{ i18n: [] }, "i18n: must be an object"],
    [{ env: ["A"] }, "env: must be an object of names and string values"],
    [{ env: { PORT: 3000 } }, "env.PORT: 3000 must be a string"],
    [
      { env: { NODE_OPTIONS: "x" } },
      "env.NODE_OPTIONS: NODE_* and __* names are not allowed, as in Next.js",
    ],
    [
      { env: { __SECRET: "x" } },
      "env.__SECRET: NODE_* and __* names are not allowed, as in Next.js",
    ],
    [{ env: { "API-KEY": "x" } }, "env.API-KEY: not a variable name (letters, digits and _)"],
    [{ i18n: { defaultLocale: "en" } }, "i18n.locales: must be a list of one locale or more"],
    [
      { i18n: { locales: [], defaultLocale: "en" } },
      "i18n.locales: must be a list of one locale or more",
    ],
    [
      { i18n: { locales: ["en", "fr"], defaultLocale: "de" } },
      'i18n.defaultLocale: "de" must be one of i18n.locales',
    ],
    [
      { i18n: { locales: ["en", "en US"], defaultLocale: "en" } },
      'i18n.locales[1]: "en US" is not a locale as URLs write it (such as "fr" or "pt-BR")',
    ],
    [
      { i18n: { locales: ["en", "pt-BR", "pt-br"], defaultLocale: "en" } },
      'i18n.locales[2]: "pt-br" is listed twice (as "pt-BR")',
    ],
    [
      { i18n: { locales: ["en", "fr/x"], defaultLocale: "en" } },
      'i18n.locales[1]: "fr/x" is not a locale as URLs write it (such as "fr" or "pt-BR")',
    ],
    [
      { i18n: { locales: ["en", 7], defaultLocale: "en" } },
      'i18n.locales[1]: 7 is not a locale as URLs write it (such as "fr" or "pt-BR")',
    ],
    [
      { i18n: { locales: ["en", "fr", "en"], defaultLocale: "en" } },
      'i18n.locales[2]: "en" is listed twice (as "en")',
    ],
    [
      { i18n: { locales: ["en"], defaultLocale: "en", localeDetection: "yes" } },
      'i18n.localeDetection: "yes" must be true or false',
    ],
    [
      { i18n: { locales: ["en"], defaultLocale: "en", domains: {} } },
      "i18n.domains: must be a list",
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [{ domain: "https://example.fr", defaultLocale: "fr" }],
        },
      },
      'i18n.domains[0].domain: "https://example.fr" must be a host name without protocol or port, such as "example.fr"',
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [{ domain: "example.fr:3000", defaultLocale: "fr" }],
        },
      },
      'i18n.domains[0].domain: "example.fr:3000" must be a host name without protocol or port, such as "example.fr"',
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [{ domain: "example.de", defaultLocale: "de" }],
        },
      },
      'i18n.domains[0].defaultLocale: "de" must be one of i18n.locales',
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [
            { domain: "example.fr", defaultLocale: "fr" },
            { domain: "Example.FR", defaultLocale: "en" },
          ],
        },
      },
      'i18n.domains[1].domain: "Example.FR" is listed twice (at i18n.domains[0])',
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [
            { domain: "example.fr", defaultLocale: "fr" },
            { domain: "france.example", defaultLocale: "fr" },
          ],
        },
      },
      `i18n.domains[1].defaultLocale: "fr" is already i18n.domains[0]'s; a locale has one domain`,
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [
            { domain: "example.nl", defaultLocale: "nl-NL", locales: ["nl-BE"] },
            { domain: "example.be", defaultLocale: "fr", locales: ["nl-BE"] },
          ],
        },
      },
      `i18n.domains[1].locales[0]: "nl-BE" is already i18n.domains[0]'s; a locale has one domain`,
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [
            { domain: "example.nl", defaultLocale: "nl-NL" },
            { domain: "example.be", defaultLocale: "fr", locales: ["nl-NL"] },
          ],
        },
      },
      `i18n.domains[1].locales[0]: "nl-NL" is already i18n.domains[0]'s; a locale has one domain`,
    ],
    [
      {
        i18n: {
          locales: ["en", "fr", "nl-NL", "nl-BE"],
          defaultLocale: "en",
          domains: [{ domain: "example.fr", defaultLocale: "fr", http: "yes" }],
        },
      },
      'i18n.domains[0].http: "yes" must be true or false',
    ],
    [
      { assetPrefix: "/cdn" },
      'assetPrefix: "/cdn" must be a URL such as "https://cdn.example.com" (a path on this site is basePath\'s job)',
    ],
    [
      { assetPrefix: "cdn.example.com" },
      'assetPrefix: "cdn.example.com" must be a URL such as "https://cdn.example.com"',
    ],
    [
      { assetPrefix: "ftp://cdn.example.com" },
      'assetPrefix: "ftp://cdn.example.com" must be an http or https URL',
    ],
    [
      { assetPrefix: "https://cdn.example.com/?v=1" },
      'assetPrefix: "https://cdn.example.com/?v=1" must have no user, query or fragment',
    ],
    [
      { assetPrefix: "https://u:p@cdn.example.com" },
      'assetPrefix: "https://u:p@cdn.example.com" must have no user, query or fragment',
    ],
    [
      { assetPrefix: "https://cdn.example.com/a;b" },
      'assetPrefix: "https://cdn.example.com/a;b" must not hold spaces, quotes, ";" or ","',
    ],
    [{ assetPrefix: 7 }, "assetPrefix: 7 must be a string"],
    [
      { redirects: [{ source: "/a/:x", destination: "/b/:y", permanent: true }] },
      "redirects[0] (/a/:x).destination: uses :y, which neither the source nor has gives",
    ],
  ])("%j: %s", (config, problem) => {
    expect(siteConfigProblems(config)).toEqual([problem]);
  });

  test("every problem at once, in the error that stops the build and the server", () => {
    expect(() =>
      defineSiteConfig({
        i18n: { locales: ["en", "EN"], defaultLocale: "fr" as "en" },
        trailingSlash: 1 as unknown as boolean,
      }),
    ).toThrow(
      /^site\.config\.ts is not valid:\n- trailingSlash: 1 must be true or false\n- i18n\.locales\[1\]: "EN".*\n- i18n\.defaultLocale: "fr"/,
    );
  });
});

describe("site.config.ts: the defaults, as Next.js's", () => {
  test("locale detection on and no trailing slash unless said", () => {
    expect(defineSiteConfig({ i18n: { locales: ["de", "es"], defaultLocale: "es" } })).toEqual({
      i18n: {
        locales: ["de", "es"],
        defaultLocale: "es",
        localeDetection: true,
        domains: [],
        prefixes: true,
      },
      trailingSlash: false,
      redirects: [],
      headers: [],
      rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
      hasRewrites: false,
      assetPrefix: "",
      basePath: "",
      images: { remotePatterns: [], dangerouslyAllowLocalIP: false },
      env: {},
    });
  });

  test("a locale named as Next.js takes one: `default`, a middleware's stand-in for a real one", () => {
    const config = defineSiteConfig({
      i18n: { locales: ["default", "en", "zh-Hant-TW"], defaultLocale: "default" },
    });
    expect(config.i18n.locales).toEqual(["default", "en", "zh-Hant-TW"]);
    expect(config.i18n.defaultLocale).toBe("default");
  });

  test("no i18n: one locale, unprefixed, nothing to detect", () => {
    expect(defineSiteConfig({ trailingSlash: true })).toEqual({
      i18n: {
        locales: ["en"],
        defaultLocale: "en",
        localeDetection: false,
        domains: [],
        prefixes: false,
      },
      trailingSlash: true,
      redirects: [],
      headers: [],
      rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
      hasRewrites: false,
      assetPrefix: "",
      basePath: "",
      images: { remotePatterns: [], dangerouslyAllowLocalIP: false },
      env: {},
    });
  });

  test("a config's input makes the same config again, with i18n or without", () => {
    for (const config of [
      site,
      defineSiteConfig({ trailingSlash: true, env: { API_ORIGIN: "https://api.example" } }),
    ]) {
      expect(defineSiteConfig(siteConfigInputOf(config))).toEqual(config);
    }
  });

  test("the project's own config is valid and frozen", () => {
    expect(siteConfigProblems(siteConfigInputOf(site))).toEqual([]);
    expect(Object.isFrozen(site) && Object.isFrozen(site.i18n)).toBe(true);
    expect(Object.isFrozen(site.i18n.locales)).toBe(true);
  });
});

describe("site.config.ts: what the browser gets", () => {
  const rule = { source: "/old/:slug", destination: "/new/:slug", permanent: true };
  const config = defineSiteConfig({
    trailingSlash: true,
    redirects: [rule],
    assetPrefix: "https://cdn.example.com/site/",
  });

  test("its settings, without the server's redirects; the CDN's URL without its last slash", () => {
    expect(browserSiteConfig(config)).toEqual({
      i18n: {
        locales: ["en"],
        defaultLocale: "en",
        localeDetection: false,
        domains: [],
        prefixes: false,
      },
      trailingSlash: true,
      hasRewrites: false,
      assetPrefix: "https://cdn.example.com/site",
      basePath: "",
    });
  });

  test("of the rewrites, only whether there are any: a list is afterFiles", () => {
    const rewritten = defineSiteConfig({ rewrites: [{ source: "/a", destination: "/b" }] });
    expect(rewritten.rewrites).toEqual({
      beforeFiles: [],
      afterFiles: [{ source: "/a", destination: "/b" }],
      fallback: [],
    });
    expect(browserSiteConfig(rewritten)).toMatchObject({ hasRewrites: true });
    expect(browserSiteConfig(rewritten)).not.toHaveProperty("rewrites");
    expect(defineSiteConfig(siteConfigInputOf(rewritten))).toEqual(rewritten);
  });

  test("the rules are the server's, frozen, and the config's input is left as it was", () => {
    expect(config.redirects).toEqual([rule]);
    expect(Object.isFrozen(config.redirects[0])).toBe(true);
    expect(Object.isFrozen(rule)).toBe(false);
  });
});
