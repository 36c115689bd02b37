/**
 * A site's next.config read as written (app/routing/next-config.ts): each key
 * taken, reported and ignored, or refused with what to do; an object or a
 * function of the phase; redirects() called.
 */
import { describe, expect, test } from "vitest";
import { BUILD_PHASE, readNextConfig, siteConfigFromNext } from "../../app/routing/next-config.ts";

describe("keys the site config takes", () => {
  test("i18n, trailingSlash, basePath, assetPrefix and redirects() become the site config", async () => {
    const reading = await readNextConfig({
      i18n: { locales: ["en", "pt-BR"], defaultLocale: "en", localeDetection: false, domains: [] },
      trailingSlash: true,
      basePath: "/shop",
      assetPrefix: "https://cdn.example.com",
      redirects: async () => [{ source: "/old", destination: "/new", permanent: true }],
      headers: async () => [{ source: "/fonts/:file", headers: [{ key: "x-a", value: "1" }] }],
    });
    expect(reading).toEqual({
      site: {
        i18n: { locales: ["en", "pt-BR"], defaultLocale: "en", localeDetection: false },
        trailingSlash: true,
        basePath: "/shop",
        assetPrefix: "https://cdn.example.com",
        redirects: [{ source: "/old", destination: "/new", permanent: true }],
        headers: [{ source: "/fonts/:file", headers: [{ key: "x-a", value: "1" }] }],
      },
      ignored: [],
      problems: [],
    });
  });

  test("a function is called with the build's phase, and may be async", async () => {
    const phases: unknown[] = [];
    const reading = await readNextConfig(async (phase: string) => {
      phases.push(phase);
      return { trailingSlash: phase === BUILD_PHASE };
    });
    expect(phases).toEqual(["phase-production-build"]);
    expect(reading.site).toEqual({ trailingSlash: true });
  });

  test("the images keys that hold the shell's own sets are taken", async () => {
    const reading = await readNextConfig({
      images: {
        deviceSizes: [3840, 640, 750, 828, 1080, 1200, 1920, 2048],
        imageSizes: [32, 48, 64, 96, 128, 256, 384],
        remotePatterns: [],
        unoptimized: false,
      },
      pageExtensions: ["tsx", "ts", "jsx", "js"],
      skipTrailingSlashRedirect: false,
      env: {},
    });
    expect(reading.problems).toEqual([]);
  });
});

test("env is taken: its values are written into the site's code at build", async () => {
  const reading = await readNextConfig({ env: { API_ORIGIN: "https://api.example" } });
  expect(reading.problems).toEqual([]);
  expect(reading.site).toEqual({ env: { API_ORIGIN: "https://api.example" } });
});

describe("keys reported and ignored", () => {
  test.each([
    ["webpack", () => ({})],
    ["turbopack", { root: "/x" }],
    ["experimental", { scrollRestoration: true }],
    ["eslint", { ignoreDuringBuilds: true }],
    ["typescript", { ignoreBuildErrors: false }],
    ["reactStrictMode", true],
    ["output", "standalone"],
    ["poweredByHeader", false],
    ["compress", true],
    ["transpilePackages", ["a"]],
  ])("%s", async (key, value) => {
    const reading = await readNextConfig({ [key]: value });
    expect(reading.problems).toEqual([]);
    expect(reading.ignored).toEqual([
      expect.stringMatching(new RegExp(`^${key}: ignored \\(.+\\)$`)),
    ]);
    expect(reading.site).toEqual({});
  });
});

describe("keys that stop the build, each saying what to do", () => {
  test.each([
    [{ rewrites: [] }, "rewrites: must be a function that returns the list"],
    [
      { generateBuildId: async () => "x" },
      "generateBuildId: the shell's build id is the hash of its client build",
    ],
    [
      { skipTrailingSlashRedirect: true },
      "skipTrailingSlashRedirect: the shell redirects every other spelling",
    ],
    [
      { pageExtensions: ["page.tsx", "tsx"] },
      "pageExtensions: pages are .js, .jsx, .ts or .tsx files",
    ],
    [
      { images: { deviceSizes: [640, 1080] } },
      "images.deviceSizes: [640,1080] differs from the shell's size set",
    ],
    [{ images: { qualities: [50, 75] } }, "images.qualities: set IMAGE_QUALITIES ([50,75])"],
    [{ images: { formats: ["image/avif"] } }, 'images.formats: set IMAGE_FORMATS (["image/avif"])'],
    [
      { images: { remotePatterns: [{ hostname: "" }] } },
      "images.remotePatterns[0].hostname: must be a host name",
    ],
    [{ images: { domains: "x.test" } }, "images.domains: must be a list"],
    [
      { images: { remotePatterns: [{ hostname: "x.test", protocol: "ftp" }] } },
      'images.remotePatterns[0].protocol: must be "http" or "https"',
    ],
    [{ images: { loader: "custom" } }, "images.loader: not supported by this shell"],
    [{ redirects: [] }, "redirects: must be a function that returns the list"],
    [{ cacheHandler: "./cache.js" }, "cacheHandler: not supported by this shell"],
  ])("%j", async (config, message) => {
    const reading = await readNextConfig(config);
    expect(reading.problems).toEqual([expect.stringContaining(message)]);
  });

  test("what is not an object", async () => {
    expect((await readNextConfig(() => 7)).problems).toEqual([
      "next.config: must export an object, or a function that returns one",
    ]);
  });
});

describe("the site config a next.config makes", () => {
  test("its keys checked as site.config.ts's are; the build stops, naming each", async () => {
    await expect(
      siteConfigFromNext({
        trailingSlash: "yes",
        rewrites: async () => [{ source: "/a", destination: "ftp://files.example.com/a" }],
      }),
    ).rejects.toThrow(
      /next.config cannot be served as it is:\n- rewrites\[0\]\.destination: "ftp:\/\/files\.example\.com\/a" is no http\(s\) URL.*\n- trailingSlash: "yes" must be true or false/,
    );
    await expect(siteConfigFromNext({ basePath: "shop" })).rejects.toThrow(/basePath/);
  });

  test("a valid one, its ignored keys reported", async () => {
    const lines: string[] = [];
    const site = await siteConfigFromNext(
      { i18n: { locales: ["en", "fr"], defaultLocale: "en" }, webpack: () => ({}) },
      (line) => lines.push(line),
    );
    expect(site.i18n).toEqual({
      locales: ["en", "fr"],
      defaultLocale: "en",
      localeDetection: true,
      domains: [],
      prefixes: true,
    });
    expect(lines).toEqual(["next.config: webpack: ignored (the shell builds with Vite)"]);
  });
});
