import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  isPageFile,
  pageParams,
  pageRouteOf,
  apiRoutesFromFiles,
  pagesFromFiles,
  patternOfRoutePath,
  routePathOf,
  type PageRoute,
} from "../../app/routing/pages.ts";

const route = (file: string) => {
  const page = pageRouteOf(file);
  if (typeof page === "string") throw new Error(page);
  return page;
};

describe("a file's route, in every Next.js naming form", () => {
  test.each([
    // [file, Next.js pattern, React Router path]
    ["index.tsx", "/", ""],
    ["about.tsx", "/about", "about"],
    ["about/index.tsx", "/about", "about"],
    ["blog/index.tsx", "/blog", "blog"],
    ["blog/new.tsx", "/blog/new", "blog/new"],
    ["blog/[slug].tsx", "/blog/[slug]", "blog/:slug"],
    ["blog/[slug]/index.tsx", "/blog/[slug]", "blog/:slug"],
    ["blog/[slug]/comments.tsx", "/blog/[slug]/comments", "blog/:slug/comments"],
    ["docs/[...path].tsx", "/docs/[...path]", "docs/:path/*"],
    ["shop/[[...filters]].tsx", "/shop/[[...filters]]", "shop/:filters?/*"],
    ["[[...slug]].tsx", "/[[...slug]]", ":slug?/*"],
    ["[user]/[repo]/[...path].tsx", "/[user]/[repo]/[...path]", ":user/:repo/:path/*"],
    ["pricing/[plan].ts", "/pricing/[plan]", "pricing/:plan"],
    ["legacy.jsx", "/legacy", "legacy"],
    ["café.tsx", "/café", "café"],
    ["some-page.v2.tsx", "/some-page.v2", "some-page.v2"],
    // Next.js takes a dash in a parameter's name; so does React Router.
    ["dash/[hello-world].js", "/dash/[hello-world]", "dash/:hello-world"],
    ["docs/[...rest-of].tsx", "/docs/[...rest-of]", "docs/:rest-of/*"],
  ])("%s answers %s (React Router path %j)", (file, pattern, routePath) => {
    const page = route(file);
    expect(page.pattern).toBe(pattern);
    expect(routePathOf(page)).toBe(routePath);
    // A loader is told its route's path: the page comes back whole from it.
    expect(patternOfRoutePath(routePath)).toBe(pattern);
  });
});

describe("what is a page", () => {
  test.each([
    ["about.tsx", true],
    ["blog/[slug].tsx", true],
    ["404.tsx", true],
    ["api.ts", true],
    ["_app.tsx", false],
    ["_document.tsx", false],
    ["blog/_card.tsx", false],
    ["_components/card.tsx", false],
    ["about.test.tsx", false],
    ["blog/[slug].spec.ts", false],
    ["types.d.ts", false],
    ["about.css", false],
    ["README.md", false],
  ])("%s: %s", (file, expected) => {
    expect(isPageFile(file)).toBe(expected);
  });

  test("helpers, tests and the fallback pages are not routes", () => {
    const pages = pagesFromFiles([
      "index.tsx",
      "404.tsx",
      "500.tsx",
      "_app.tsx",
      "_components/card.tsx",
      "index.test.tsx",
    ]);
    expect(pages.map((p) => p.file)).toEqual(["index.tsx"]);
  });

  test("the files under api/ are API routes, not pages; checked with the pages all the same", () => {
    const files = ["index.tsx", "api.tsx", "api/users/[id].ts", "apis/x.tsx"];
    expect(pagesFromFiles(files).map((p) => p.pattern)).toEqual(["/apis/x", "/"]);
    expect(apiRoutesFromFiles(files).map((p) => [p.file, p.pattern])).toEqual([
      ["api.tsx", "/api"],
      ["api/users/[id].ts", "/api/users/[id]"],
    ]);
    expect(() => pagesFromFiles(["api.tsx", "api/index.ts"])).toThrow(
      "api.tsx and api/index.ts answer the same URLs",
    );
  });
});

/** The problems pagesFromFiles finds in `files`, or [] when it accepts them. */
function problemsOf(files: string[], locales: string[] = []): readonly string[] {
  try {
    pagesFromFiles(files, { locales });
    return [];
  } catch (error) {
    return (error as { problems: readonly string[] }).problems;
  }
}

describe("names Next.js refuses, each with a message naming the file", () => {
  test.each([
    ["[...].tsx", '[...].tsx: "[...]": a catch-all needs a name, as in [...slug]'],
    [
      "shop/[[...]].tsx",
      'shop/[[...]].tsx: "[[...]]": an optional catch-all needs a name, as in [[...slug]]',
    ],
    [
      "[[slug]].tsx",
      '[[slug]].tsx: "[[slug]]": only a catch-all can be optional ([[...name]]); [[name]] is not a route',
    ],
    [
      "docs/[...path]/edit.tsx",
      "docs/[...path]/edit.tsx: a catch-all must be the last part of the path",
    ],
    ["[[...all]]/more.tsx", "[[...all]]/more.tsx: a catch-all must be the last part of the path"],
    ["[id]/[id].tsx", '[id]/[id].tsx: the parameter "id" appears twice in one path'],
    ["[id]/x/[...id].tsx", '[id]/x/[...id].tsx: the parameter "id" appears twice in one path'],
    [
      "post-[id].tsx",
      'post-[id].tsx: "post-[id]": a segment is either a whole [param] or plain text without : * ? [ ] ( ) +',
    ],
    [
      "[post.id].tsx",
      '[post.id].tsx: "[post.id]": a parameter\'s name is letters, digits, _ and -, as in [slug]',
    ],
    ["[].tsx", '[].tsx: "[]": a parameter\'s name is letters, digits, _ and -, as in [slug]'],
    [
      "a:b.tsx",
      'a:b.tsx: "a:b": a segment is either a whole [param] or plain text without : * ? [ ] ( ) +',
    ],
    [
      "star*.tsx",
      'star*.tsx: "star*": a segment is either a whole [param] or plain text without : * ? [ ] ( ) +',
    ],
  ])("%s", (file, message) => {
    expect(problemsOf([file])).toEqual([message]);
  });
});

describe("two files for one URL, refused naming both", () => {
  test.each([
    [
      ["blog/[id].tsx", "blog/[slug].tsx"],
      "blog/[id].tsx and blog/[slug].tsx answer the same URLs",
    ],
    [["a.tsx", "a/index.tsx"], "a.tsx and a/index.tsx answer the same URLs"],
    [["index.tsx", "[[...slug]].tsx"], "[[...slug]].tsx and index.tsx answer the same URLs"],
    [
      ["shop.tsx", "shop/[[...filters]].tsx"],
      "shop.tsx and shop/[[...filters]].tsx answer the same URLs",
    ],
    [
      ["docs/[...a].tsx", "docs/[[...b]].tsx"],
      "docs/[...a].tsx and docs/[[...b]].tsx answer the same URLs",
    ],
    [
      ["blog/[id].tsx", "blog/[slug]/edit.tsx"],
      'blog/[id].tsx and blog/[slug]/edit.tsx name one dynamic segment twice ("id" and "slug")',
    ],
  ])("%j", (files, message) => {
    expect(problemsOf(files)).toContain(message);
  });

  test("a page named like a locale prefix would be hidden by it", () => {
    expect(problemsOf(["fr.tsx", "about.tsx"], ["en", "fr"])).toEqual([
      'fr.tsx: "/fr" is a locale prefix, which would hide this page',
    ]);
    expect(problemsOf(["FR/x.tsx"], ["fr"])).toEqual([
      'FR/x.tsx: "/FR" is a locale prefix, which would hide this page',
    ]);
  });

  test.each(["healthz.tsx", "readyz/index.tsx", "assets/[name].tsx", "feed.data.tsx"])(
    "%s would never be asked for: the server answers that path itself",
    (file) => {
      expect(problemsOf([file])).toEqual([
        expect.stringMatching(
          new RegExp(`^${file.replace(/[.[\]]/g, "\\$&")}: ".*" is answered by the server itself`),
        ),
      ]);
    },
  );

  test("every problem at once, in one error that names each file", () => {
    expect(() => pagesFromFiles(["[...].tsx", "a.tsx", "a/index.tsx"])).toThrow(
      /2 problem\(s\)[^]*\[\.\.\.\]\.tsx[^]*a\.tsx and a\/index\.tsx/,
    );
  });

  test("what may stand side by side: static, dynamic and catch-all at one level", () => {
    expect(
      pagesFromFiles([
        "blog/new.tsx",
        "blog/[slug].tsx",
        "blog/[slug]/comments.tsx",
        "blog/[...rest].tsx",
        "blog/index.tsx",
        "docs/[...path].tsx",
        "docs/index.tsx",
      ]).map((p: PageRoute) => p.pattern),
    ).toEqual([
      "/blog/[...rest]",
      "/blog/[slug]",
      "/blog/[slug]/comments",
      "/blog",
      "/blog/new",
      "/docs/[...path]",
      "/docs",
    ]);
  });
});

describe("a page's parameters, as Next.js gives them, decoded once", () => {
  test.each([
    ["/", "/", {}],
    ["/about", "/about", {}],
    ["/blog/[slug]", "/blog/hello%20world", { slug: "hello world" }],
    ["/blog/[slug]", "/blog/caf%C3%A9", { slug: "café" }],
    // Decoded once: an encoded slash is part of the value, an encoded % stays one %.
    ["/blog/[slug]", "/blog/a%2Fb", { slug: "a/b" }],
    ["/blog/[slug]", "/blog/%252F", { slug: "%2F" }],
    ["/docs/[...path]", "/docs/a", { path: ["a"] }],
    ["/docs/[...path]", "/docs/a/b%20c", { path: ["a", "b c"] }],
    ["/docs/[...path]", "/docs/a%2Fb/c", { path: ["a/b", "c"] }],
    ["/docs/[...path]", "/docs/100%25", { path: ["100%"] }],
    ["/shop/[[...filters]]", "/shop", {}],
    ["/shop/[[...filters]]", "/shop/red/xl", { filters: ["red", "xl"] }],
    ["/shop/[[...filters]]", "/shop/red/xl/", { filters: ["red", "xl"] }],
    ["/[user]/[...path]", "/ada/src/main.ts", { user: "ada", path: ["src", "main.ts"] }],
    ["/café", "/caf%C3%A9", {}],
    ["/dash/[hello-world]", "/dash/hi", { "hello-world": "hi" }],
  ])("%s with %s", (pattern, path, expected) => {
    expect(pageParams(pattern, path)).toEqual(expected);
  });

  test("an absent optional catch-all is not there at all", () => {
    expect(Object.keys(pageParams("/shop/[[...filters]]", "/shop")!)).toEqual([]);
  });

  test.each([
    ["/docs/[...path]", "/docs"],
    ["/blog/[slug]", "/blog"],
    ["/blog/[slug]", "/blog/a/b"],
    ["/about", "/other"],
    ["/blog/[slug]", "/blog/%E0%A4%A"],
    ["/docs/[...path]", "/docs/a/%zz"],
  ])("%s does not take %s", (pattern, path) => {
    expect(pageParams(pattern, path)).toBeNull();
  });

  test("any values survive encoding and decoding (property)", () => {
    const segment = fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" });
    fc.assert(
      fc.property(segment, fc.array(segment, { minLength: 1, maxLength: 5 }), (slug, path) => {
        const raw = `/x/${encodeURIComponent(slug)}/${path.map(encodeURIComponent).join("/")}`;
        expect(pageParams("/x/[slug]/[...path]", raw)).toEqual({ slug, path });
      }),
    );
  });
});
