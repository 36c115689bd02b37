/**
 * This site's `redirects` (site.config.ts), checked and compiled when the
 * server loads the app: a rule that cannot compile, or rules that loop, stop
 * the start, naming the rule. The browser's copy of the config has no rules.
 */
import site from "../../../site.config.ts";
import { TRAILING_SLASH } from "../canonical-url.ts";
import { siteRedirects } from "./rules.ts";

export const SITE_REDIRECTS = siteRedirects(site.redirects, {
  trailingSlash: TRAILING_SLASH,
  basePath: site.basePath,
});
