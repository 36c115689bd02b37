/**
 * The main app's text (app/i18n/messages.ts), as scripts/from-app.mjs writes it
 * before each build: a `{ "$template": ... }` becomes the function it was.
 */
import APP_MESSAGES from "./app-messages.json";
import { ARGUMENT } from "./template.mjs";

const withFunctions = (value) =>
  typeof value !== "object" || value === null
    ? value
    : "$template" in value
      ? (argument) => value.$template.replaceAll(ARGUMENT, String(argument))
      : Object.fromEntries(
          Object.entries(value).map(([key, inner]) => [key, withFunctions(inner)]),
        );

const MESSAGES = withFunctions(APP_MESSAGES.messages);

/** next.config.mjs's, as the script read them. */
export const LOCALES = Object.keys(MESSAGES);
export const DEFAULT_LOCALE = APP_MESSAGES.defaultLocale;

export function messages(locale) {
  return MESSAGES[locale] ?? MESSAGES[DEFAULT_LOCALE];
}
