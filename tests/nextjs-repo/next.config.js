// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  i18n: { locales: ["en", "fr"], defaultLocale: "en", localeDetection: false },
  async redirects() {
    return [{ source: "/old-posts/:slug", destination: "/posts/:slug", permanent: true }];
  },
};

module.exports = nextConfig;
