/**
 * The settings that shape the served site's URLs, with Next.js's names
 * (next.config.js). Read by the build, the server and the browser; a bad value
 * stops the build and the server, naming the key. See docs/configuration.md.
 *
 * The site is the folder SITE_DIR names (its next.config file, read as Next.js
 * reads it: app/site/); without it, the embedded example, whose settings are
 * below. A build carries the settings it was made with (site.json beside it),
 * so the server serves what was built, wherever the site's folder is then.
 */
import { defineSiteConfig } from "./app/routing/site-config.ts";
import { siteConfigOfSite } from "./app/site/config.ts";

const example = defineSiteConfig({
  i18n: {
    locales: ["en", "fr", "de"],
    defaultLocale: "en",
    localeDetection: true,
  },
  trailingSlash: false,
  // Old URLs kept alive, as next.config.js's redirects() returns them (docs/configuration.md).
  redirects: [{ source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true }],
});

export default (await siteConfigOfSite(import.meta.url)) ?? example;
