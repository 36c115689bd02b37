/**
 * What the site serves at a path, as the rewrites ask it (server/steps/
 * rewrites/served-paths.ts), over a route table shaped as app/routes.ts makes
 * one: pages unprefixed and under a locale, each locale's not-found route.
 */
import { expect, test } from "vitest";
import { pathKinds } from "../../server/steps/rewrites/served-paths.ts";

const route = (id: string, path: string | undefined, extra: object = {}) => ({
  [id]: { id, parentId: "root", path, caseSensitive: true, module: {}, ...extra },
});
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    ...route("pages/index", undefined, { index: true }),
    ...route("pages/about", "about"),
    ...route("pages/blog/[slug]", "blog/:slug"),
    ...route("pages/docs/[...path]", "docs/:path/*"),
    ...route("pages/shop/[[...filters]]", "shop/:filters?/*"),
    ...route("pages/ssr/not-found", "ssr/not-found"),
    ...route("not-found", "*"),
    ...route("fr/pages/index", "fr", { index: true }),
    ...route("fr/pages/about", "fr/about"),
    ...route("fr/pages/blog/[slug]", "fr/blog/:slug"),
    ...route("fr/not-found", "fr/*"),
    ...route("lab/slow", "lab/slow", { caseSensitive: false }),
  },
  entry: { module: { apiRoutes: [] } },
};
const kind = pathKinds({ files: new Set(["/photo.png"]), build: build as never });

test.each([
  ["/", true, "page"],
  ["/fr", false, "page"],
  ["/about", true, "page"],
  ["/about/", true, "page"],
  ["/About", true, null],
  ["/LAB/slow", true, "page"],
  ["/fr/about", false, "page"],
  ["/blog/hello", true, "dynamic"],
  ["/blog/hello%20world", true, "dynamic"],
  ["/blog/a/b", true, null],
  ["/fr/blog/x", false, "dynamic"],
  ["/docs", true, null],
  ["/docs/a/b", true, "dynamic"],
  ["/shop", true, "dynamic"],
  ["/shop/a/b", true, "dynamic"],
  ["/ssr/not-found", true, "page"],
  ["/nothing", true, null],
  ["/fr/nothing", false, null],
  ["/photo.png", true, "file"],
  ["/fr/photo.png", false, null],
  ["/%E0%A4%A", true, null],
])("%s (default locale: %s): %s", (path, defaultLocale, expected) => {
  expect(kind(path, defaultLocale)).toBe(expected);
});
