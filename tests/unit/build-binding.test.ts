import { expect, test } from "vitest";
import { documentPathOfDataRequest } from "../../app/routing/build-binding.ts";

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
