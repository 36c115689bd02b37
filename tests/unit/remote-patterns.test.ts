/**
 * The site's remote image sources (next.config's `images.remotePatterns` and
 * `domains`): read (app/routing/remote-patterns.ts) and matched as Next.js
 * matches them (server/steps/images/remote-patterns.ts), the rows following
 * Next.js's documentation of the patterns.
 */
import { expect, test } from "vitest";
import { remotePatternsOf, type RemotePattern } from "../../app/routing/remote-patterns.ts";
import { readNextConfig } from "../../app/routing/next-config.ts";
import { remotePatternMatcher } from "../../server/steps/images/remote-patterns.ts";

const matches = (pattern: RemotePattern, url: string) =>
  remotePatternMatcher([pattern])(new URL(url));

test.each([
  [{ protocol: "https", hostname: "cdn.example.com" }, "https://cdn.example.com/a/b.jpg", true],
  [{ protocol: "https", hostname: "cdn.example.com" }, "http://cdn.example.com/a.jpg", false],
  [{ hostname: "cdn.example.com" }, "http://cdn.example.com/a.jpg", true],
  [{ hostname: "cdn.example.com", port: "" }, "https://cdn.example.com:8443/a.jpg", false],
  [{ hostname: "cdn.example.com", port: "8443" }, "https://cdn.example.com:8443/a.jpg", true],
  [{ hostname: "*.example.com" }, "https://img.example.com/a.jpg", true],
  [{ hostname: "*.example.com" }, "https://example.com/a.jpg", false],
  [{ hostname: "**.example.com" }, "https://a.b.example.com/a.jpg", true],
  [{ hostname: "cdn.example.com" }, "https://cdn.example.com.evil.test/a.jpg", false],
  [
    { hostname: "cdn.example.com", pathname: "/photos/**" },
    "https://cdn.example.com/photos/a/b.jpg",
    true,
  ],
  [
    { hostname: "cdn.example.com", pathname: "/photos/**" },
    "https://cdn.example.com/other/a.jpg",
    false,
  ],
  [
    { hostname: "cdn.example.com", pathname: "/photos/*" },
    "https://cdn.example.com/photos/a/b.jpg",
    false,
  ],
  [{ hostname: "cdn.example.com", search: "" }, "https://cdn.example.com/a.jpg?v=1", false],
  [{ hostname: "cdn.example.com", search: "?v=1" }, "https://cdn.example.com/a.jpg?v=1", true],
] as const)("%j allows %s: %s", (pattern, url, allowed) => {
  expect(matches(pattern, url)).toBe(allowed);
});

test("URLs and domains become patterns, as Next.js reads them", () => {
  const { patterns, problems } = remotePatternsOf(
    [new URL("https://cdn.example.com/photos/**"), { hostname: "img.example.com" }],
    ["assets.example.com"],
  );
  expect(problems).toEqual([]);
  expect(patterns).toEqual([
    {
      protocol: "https",
      hostname: "cdn.example.com",
      port: "",
      pathname: "/photos/**",
      search: "",
    },
    { hostname: "img.example.com" },
    { hostname: "assets.example.com", pathname: "**" },
  ]);
  const allowed = remotePatternMatcher(patterns);
  expect(allowed(new URL("http://assets.example.com/x.png"))).toBe(true);
  expect(allowed(new URL("https://cdn.example.com/avatars/x.png"))).toBe(false);
});

test("next.config's images: its remote sources and local addresses taken into the site config", async () => {
  const reading = await readNextConfig({
    images: { remotePatterns: [{ hostname: "cdn.example.com" }], dangerouslyAllowLocalIP: true },
  });
  expect(reading.problems).toEqual([]);
  expect(reading.site.images).toEqual({
    remotePatterns: [{ hostname: "cdn.example.com" }],
    dangerouslyAllowLocalIP: true,
  });
});
