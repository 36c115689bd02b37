/**
 * The site the browser specs run against, in the contract tables' words
 * (tests/site-terms.ts): this project's site.config.ts; with
 * E2E_SITE=second-site the second site's (tests/second-site/site.config.ts),
 * whose image global-setup.ts builds from a copy of the app with that config;
 * with E2E_SITE=base-path this site under /shop (tests/base-path/site.config.ts),
 * built with BASE_PATH and served through nginx.
 */
import { messages } from "../site/i18n/messages.ts";
import type { Locale } from "../app/routing/locale.ts";
import project from "../site.config.ts";
import underBase from "../tests/base-path/site.config.ts";
import second from "../tests/second-site/site.config.ts";
import { siteTerms } from "../tests/site-terms.ts";

export const OTHER_SITES = ["second-site", "base-path"] as const;
export type OtherSite = (typeof OTHER_SITES)[number];
const chosen = process.env.E2E_SITE;
if (chosen !== undefined && !(OTHER_SITES as readonly string[]).includes(chosen)) {
  throw new Error(`E2E_SITE=${chosen}: the other sites are ${OTHER_SITES.join(" and ")}`);
}
/** The other site the contract specs run against, if any. */
export const OTHER_SITE = chosen as OtherSite | undefined;

export const site = siteTerms(
  OTHER_SITE === "second-site" ? second : OTHER_SITE === "base-path" ? underBase : project,
);

/** The app's text in `locale`, for the headings a page must show. */
export const text = (locale: string) => messages(locale as Locale);
