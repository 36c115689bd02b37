/**
 * The differential suite's fifth fixture: locales by domain (domains-site.spec.ts).
 * `de` has no domain; `nl-BE` is served by the `nl-NL` domain, prefixed.
 */
const nextConfig = {
  poweredByHeader: false,
  i18n: {
    locales: ["en", "fr", "nl-NL", "nl-BE", "de"],
    defaultLocale: "en",
    domains: [
      { domain: "example.com", defaultLocale: "en" },
      { domain: "example.fr", defaultLocale: "fr", http: true },
      { domain: "example.nl", defaultLocale: "nl-NL", locales: ["nl-BE"] },
    ],
  },
};
export default nextConfig;
