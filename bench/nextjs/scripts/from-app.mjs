/**
 * Run before each build (npm's `prebuild`): the main app's text and stylesheet,
 * taken from the app itself, so the two pages the benchmarks compare cannot
 * drift apart unnoticed. Writes lib/app-messages.json (a message that is a
 * function becomes `{ "$template": ... }`, its argument marked) and
 * styles/app.css. Node 24 reads the app's TypeScript as it is.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { messages } from "../../../app/i18n/messages.ts";
import nextConfig from "../next.config.mjs";
import { ARGUMENT } from "../lib/template.mjs";

const here = join(import.meta.dirname, "..");
const app = join(here, "..", "..", "app");

/** A message tree as JSON: functions called with the argument marker. */
const asJson = (value) =>
  typeof value === "function"
    ? { $template: value(ARGUMENT) }
    : typeof value === "object" && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asJson(inner)]))
      : value;

const { locales, defaultLocale } = nextConfig.i18n;
const text = {
  defaultLocale,
  messages: Object.fromEntries(locales.map((locale) => [locale, asJson(messages(locale))])),
};
writeFileSync(join(here, "lib", "app-messages.json"), `${JSON.stringify(text, null, 2)}\n`);
// styles/ holds nothing git tracks: a fresh clone has no such folder.
mkdirSync(join(here, "styles"), { recursive: true });
copyFileSync(join(app, "app.css"), join(here, "styles", "app.css"));
