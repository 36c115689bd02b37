/**
 * The benchmark's Next.js peer: the pages router with the same URL contract as
 * the main app (locales, trailing slash, image size sets).
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  // This folder, not the main app's (it has its own lock file), is the project root.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
  i18n: { locales: ["en", "fr", "de"], defaultLocale: "en", localeDetection: false },
  trailingSlash: false,
  poweredByHeader: false,
  // Our server does not compress responses yet: keep the comparison fair.
  compress: false,
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
};

export default nextConfig;
