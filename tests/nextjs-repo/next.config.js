// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Written into the code at build, as Next.js writes it.
  env: { TEAM_NAME: "The Team" },
  // The team's image server (on 127.0.0.1 in the tests: a local address, allowed on purpose).
  images: {
    remotePatterns: [{ protocol: "http", hostname: "127.0.0.1", pathname: "/images/**" }],
    dangerouslyAllowLocalIP: true,
  },
  i18n: { locales: ["en", "fr"], defaultLocale: "en", localeDetection: false },
  async redirects() {
    return [{ source: "/old-posts/:slug", destination: "/posts/:slug", permanent: true }];
  },
  // The team's API, another app under this domain (its origin given to the build).
  async rewrites() {
    const backend = process.env.BACKEND_ORIGIN;
    return backend ? [{ source: "/backend/:path*", destination: `${backend}/echo/:path*` }] : [];
  },
};

module.exports = nextConfig;
