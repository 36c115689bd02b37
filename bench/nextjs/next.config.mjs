/**
 * The benchmark's Next.js peer: the example site (site/),
 * built by Next.js (tests/next-sites.ts assembles it under .sites/example/ and
 * sets the project root), with the same URL contract as the main app (locales,
 * trailing slash, image size sets).
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  // The shell's own module the example site's pages import: its stand-in here.
  turbopack: { resolveAlias: { "@shell/site": "./shell-site.js" } },
  // The main project type-checks these pages with its own settings (`npm run typecheck`:
  // imports that name their .ts files, the shell's `embed` on next/image).
  typescript: { ignoreBuildErrors: true },
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
