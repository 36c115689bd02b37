/**
 * The second site the contract suites run against (the `second-site` Vitest
 * project and Playwright project): other locales (one in mixed case, as Next.js
 * sites write `pt-BR`), another default, trailing slashes, and locales by
 * domain (i18n.domains: a host the tables never name, locale-domains.test.ts).
 * Nothing else changes: the same pages, the same redirect, the same test tables.
 */
import { defineSiteConfig } from "../../app/routing/site-config.ts";

export default defineSiteConfig({
  i18n: {
    locales: ["pt-BR", "de", "es"],
    defaultLocale: "es",
    localeDetection: true,
    domains: [
      { domain: "es.example", defaultLocale: "es" },
      { domain: "de.example", defaultLocale: "de", http: true },
    ],
  },
  trailingSlash: true,
  // Old URLs kept alive, as next.config.js's redirects() returns them (docs/configuration.md).
  redirects: [{ source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true }],
});
