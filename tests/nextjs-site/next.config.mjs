/** The differential fixture site: built by `next build` and by the shell, the same observations expected of both. */
const nextConfig = {
  i18n: { locales: ["en", "fr", "pt-BR"], defaultLocale: "en", localeDetection: false },
  trailingSlash: false,
  poweredByHeader: false,
  // Each rule names a header no other observation reads (config.spec.ts reads them).
  async headers() {
    return [
      { source: "/about", headers: [{ key: "x-rule-about", value: "yes" }] },
      { source: "/fr/about", locale: false, headers: [{ key: "x-rule-fr", value: "1" }] },
      {
        source: "/ssr/:id",
        has: [{ type: "query", key: "hdr", value: "(?<flavour>\\w+)" }],
        headers: [{ key: "x-rule-ssr-:id", value: "flavour :flavour" }],
      },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-want-rule" }],
        missing: [{ type: "cookie", key: "no-rule" }],
        headers: [{ key: "x-rule-any", value: "1" }],
      },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-want-rule", value: "twice" }],
        headers: [{ key: "x-rule-any", value: "2" }],
      },
    ];
  },
};
export default nextConfig;
