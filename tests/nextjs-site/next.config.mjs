/** The differential fixture site: built by `next build` and by the shell, the same observations expected of both. */
const nextConfig = {
  i18n: { locales: ["en", "fr", "pt-BR"], defaultLocale: "en", localeDetection: false },
  trailingSlash: false,
  poweredByHeader: false,
};
export default nextConfig;
