import { describe, expect, test } from "vitest";
import { defineSiteConfig, siteConfigProblems } from "../../app/routing/site-config.ts";
import site from "../../site.config.ts";

describe("site.config.ts: what a bad value says, naming its key", () => {
  test.each([
    [{ trailingSlash: "always" }, 'trailingSlash: "always" must be true or false'],
    [{ trailingslash: true }, "trailingslash: not a setting (known: i18n, trailingSlash)"],
    [{ basePath: "/shop" }, "basePath: not a setting (known: i18n, trailingSlash)"],
    [{ i18n: [] }, "i18n: must be an object"],
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
      { i18n: { locales: ["en", "en-US"], defaultLocale: "en" } },
      'i18n.locales[1]: "en-US" is not a locale as URLs write it (write it in lower case: "en-us")',
    ],
    [
      { i18n: { locales: ["en", "fr/x"], defaultLocale: "en" } },
      'i18n.locales[1]: "fr/x" is not a locale as URLs write it (such as "fr")',
    ],
    [
      { i18n: { locales: ["en", 7], defaultLocale: "en" } },
      'i18n.locales[1]: 7 is not a locale as URLs write it (such as "fr")',
    ],
    [
      { i18n: { locales: ["en", "fr", "en"], defaultLocale: "en" } },
      'i18n.locales[2]: "en" is listed twice',
    ],
    [
      { i18n: { locales: ["en"], defaultLocale: "en", localeDetection: "yes" } },
      'i18n.localeDetection: "yes" must be true or false',
    ],
    [
      { i18n: { locales: ["en"], defaultLocale: "en", domains: [] } },
      "i18n.domains: not a setting (known: locales, defaultLocale, localeDetection)",
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
      i18n: { locales: ["de", "es"], defaultLocale: "es", localeDetection: true },
      trailingSlash: false,
    });
  });

  test("no i18n: one locale, unprefixed, nothing to detect", () => {
    expect(defineSiteConfig({ trailingSlash: true })).toEqual({
      i18n: { locales: ["en"], defaultLocale: "en", localeDetection: false },
      trailingSlash: true,
    });
  });

  test("the project's own config is valid and frozen", () => {
    expect(siteConfigProblems(site)).toEqual([]);
    expect(Object.isFrozen(site) && Object.isFrozen(site.i18n)).toBe(true);
    expect(Object.isFrozen(site.i18n.locales)).toBe(true);
  });
});
