/** The differential fixture site: built by `next build` and by the shell, the same observations expected of both. */
const nextConfig = {
  i18n: { locales: ["en", "fr", "pt-BR"], defaultLocale: "en", localeDetection: false },
  trailingSlash: false,
  poweredByHeader: false,
  // Each source is a path no other spec asks for (rewrites.spec.ts reads them);
  // /c/rw-after and the /about with ?rw=before shadow pages on purpose.
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: "/about",
          has: [{ type: "query", key: "rw", value: "before" }],
          destination: "/ssr/11",
        },
        { source: "/rw/file", destination: "/photo.png" },
        {
          source: "/photo.png",
          has: [{ type: "query", key: "rw", value: "before" }],
          destination: "/about",
        },
        // locale: false, the destination without a locale: a file, an API route or a page.
        { source: "/:locale/rw-lf/:path*", destination: "/:path*", locale: false },
      ],
      afterFiles: [
        { source: "/rw/chain", destination: "/rw/about" },
        { source: "/rw/about", destination: "/about" },
        { source: "/rw/post/:slug", destination: "/ssr/:slug" },
        { source: "/rw/query/:slug", destination: "/ssr/7?from=:slug" },
        { source: "/rw/docs/:path*", destination: "/docs/:path*" },
        { source: "/c/rw-after", destination: "/about" },
        { source: "/rw/api/:id", destination: "/api/users/:id" },
        {
          source: "/rw/has",
          has: [{ type: "header", key: "x-rw", value: "(?<flavour>\\w+)" }],
          destination: "/ssr/:flavour",
        },
        { source: "/fr/rw/own-locale", locale: false, destination: "/ssr/3" },
      ],
      fallback: [
        { source: "/c/:d", destination: "/about" },
        { source: "/rw-missing/:id", destination: "/ssr/:id" },
        { source: "/rw/plain", destination: "/mw/plain" },
      ],
    };
  },
  // `locale: false` rules, matched against the path spelled with its locale (config.spec.ts).
  async redirects() {
    return [
      {
        source: "/:locale/lf-about",
        destination: "/:locale/about",
        locale: false,
        permanent: false,
      },
      { source: "/lf-plain", destination: "/about", locale: false, permanent: false },
    ];
  },
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
