import { expect, test } from "vitest";
import { TRANSLATED_LOCALES, messages } from "../../site/i18n/messages.ts";
import site from "../../site.config.ts";
import secondSite from "../second-site/site.config.ts";

// A locale the config serves has the example site's text; a page in it would fail otherwise.
test.each([
  ["this site", site.i18n.locales],
  ["the second site", secondSite.i18n.locales],
])("every locale %s serves has its text", (_, locales) => {
  expect(locales.filter((locale) => !TRANSLATED_LOCALES.includes(locale))).toEqual([]);
});

test("a locale without text is named, not rendered empty", () => {
  expect(() => messages("xx")).toThrow(/no text for the locale "xx"/);
});
