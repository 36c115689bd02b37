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
  // Compressed (gzip) as `next start` is deployed, so the browser bench
  // (bench/browser.ts) loads the bytes a real visitor would. `npm run bench`
  // sends no Accept-Encoding to this peer: its page CPU stays uncompressed.
  compress: true,
  // The main app's size sets; the qualities and formats its image bench asks for
  // (bench/images.ts: BENCH_QUALITIES, and ours' IMAGE_FORMATS default).
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [32, 48, 64, 96, 128, 256, 384],
    qualities: [50, 60, 70, 75, 80, 90],
    formats: ["image/avif", "image/webp"],
  },
};

export default nextConfig;
