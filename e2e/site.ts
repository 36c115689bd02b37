/**
 * The site the browser specs run against, in the contract tables' words
 * (tests/site-terms.ts): this project's site.config.ts, or with
 * E2E_SITE=second-site the second site's (tests/second-site/site.config.ts),
 * whose image global-setup.ts builds from a copy of the app with that config.
 */
import { messages } from "../app/i18n/messages.ts";
import type { Locale } from "../app/routing/locale.ts";
import project from "../site.config.ts";
import second from "../tests/second-site/site.config.ts";
import { siteTerms } from "../tests/site-terms.ts";

export const SECOND_SITE = process.env.E2E_SITE === "second-site";
if (process.env.E2E_SITE !== undefined && !SECOND_SITE) {
  throw new Error(`E2E_SITE=${process.env.E2E_SITE}: the one other site is "second-site"`);
}

export const site = siteTerms(SECOND_SITE ? second : project);

/** The app's text in `locale`, for the headings a page must show. */
export const text = (locale: string) => messages(locale as Locale);
