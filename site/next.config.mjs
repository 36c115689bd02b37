// @ts-check
/**
 * The example site's settings, as any Next.js site writes them: the shell
 * reads this file as it reads a team's (docs/configuration.md).
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  i18n: {
    locales: ["en", "fr", "de"],
    defaultLocale: "en",
    localeDetection: true,
  },
  trailingSlash: false,
  // Old URLs kept alive (docs/configuration.md).
  async redirects() {
    return [{ source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true }];
  },
};

export default nextConfig;
