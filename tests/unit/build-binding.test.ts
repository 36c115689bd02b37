import { expect, test } from "vitest";
import {
  buildIdOfManifest,
  DEVELOPMENT_BUILD_ID,
  documentPathOfDataRequest,
} from "../../app/routing/build-binding.ts";

test.each([
  ["/about.data", "", "never", "/about"],
  ["/_.data", "", "never", "/"],
  ["/about/_.data", "", "always", "/about/"],
  ["/blog/hello%20world.data", "?_routes=root,routes/blog-post", "never", "/blog/hello%20world"],
  ["/shop.data", "?sort=price&_routes=root", "never", "/shop?sort=price"],
  ["//evil.example.data", "", "never", "/evil.example"],
  ["/\\evil.example/_.data", "", "never", "/evil.example"],
] as const)("%s%s (%s) -> %s", (path, search, trailingSlash, expected) => {
  expect(documentPathOfDataRequest(path, search, { trailingSlash, basePath: "" })).toBe(expected);
});

test.each([
  ["a production build's manifest: its version", { version: "9bbd0405" }, "9bbd0405"],
  ["one without HMR said explicitly", { version: "9bbd0405", hmr: undefined }, "9bbd0405"],
  [
    "the dev server's, whose version is random per manifest made",
    {
      version: "0.5249989210503714",
      hmr: { runtime: "/@id/__x00__virtual:react-router/inject-hmr-runtime" },
    },
    DEVELOPMENT_BUILD_ID,
  ],
] as const)("buildIdOfManifest: %s", (_, manifest, expected) => {
  expect(buildIdOfManifest(manifest)).toBe(expected);
});
