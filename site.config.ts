/**
 * The settings that shape this site's URLs, with Next.js's names (next.config.js).
 * Read by the build, the server and the browser; a bad value stops the build and
 * the server, naming the key. See the README, "Site config".
 */
import { defineSiteConfig } from "./app/routing/site-config.ts";

export default defineSiteConfig({
  i18n: {
    locales: ["en", "fr", "de"],
    defaultLocale: "en",
    localeDetection: true,
  },
  trailingSlash: false,
  // Old URLs kept alive, as next.config.js's redirects() returns them (docs/configuration.md).
  redirects: [{ source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true }],
});
