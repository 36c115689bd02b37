import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canonicalHref,
  canonicalPath,
  canonicalRedirect,
  isInternalPath,
  TRAILING_SLASH_MODES,
} from "../../app/routing/canonical-url.ts";

const never = { trailingSlash: "never", basePath: "" } as const;
const always = { trailingSlash: "always", basePath: "" } as const;

describe("canonicalPath with TRAILING_SLASH=never", () => {
  test.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/about/", "/about"],
    ["/about//", "/about"],
    ["/blog//x", "/blog/x"],
    ["/blog///x//y/", "/blog/x/y"],
    ["/blog\\x", "/blog/x"],
    ["/blog\\\\x\\", "/blog/x"],
    ["//", "/"],
    ["/FR/about", "/fr/about"],
    ["/Fr/About/", "/fr/About"],
    ["/DE", "/de"],
    ["/EN/about", "/en/about"],
    ["/xx/about", "/xx/about"],
    ["/XX/about", "/XX/about"],
    ["/about/FR", "/about/FR"],
    ["/robots.txt", "/robots.txt"],
    ["/robots.txt/", "/robots.txt"],
    ["/blog/hello%20world", "/blog/hello%20world"],
    ["/a%2Fb", "/a%2Fb"],
    ["/a/./b", "/a/b"],
    ["/a/../b", "/b"],
    ["/a/%2e%2E/b", "/b"],
    ["/../../etc/passwd", "/etc/passwd"],
    ["/a/b/..", "/a"],
    ["/.", "/"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalPath(input, never)).toBe(expected);
  });
});

describe("canonicalPath with TRAILING_SLASH=always", () => {
  test.each([
    ["/", "/"],
    ["/about", "/about/"],
    ["/about/", "/about/"],
    ["/blog//x", "/blog/x/"],
    ["/fr", "/fr/"],
    ["/FR/about", "/fr/about/"],
    ["/robots.txt", "/robots.txt"],
    ["/robots.txt/", "/robots.txt"],
    ["/favicon.ico", "/favicon.ico"],
    ["/docs/v1.2", "/docs/v1.2"],
    ["/docs/v1.", "/docs/v1./"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalPath(input, always)).toBe(expected);
  });
});

describe("no input redirects to another host", () => {
  test.each([
    ["//evil.example/", "/evil.example"],
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example", "/evil.example"],
    ["/\\/evil.example/", "/evil.example"],
    ["///evil.example//x", "/evil.example/x"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/..//evil.example", "/evil.example"],
    ["/.//evil.example", "/evil.example"],
  ])("%s -> %s, which stays on this origin", (input, expected) => {
    const location = canonicalPath(input, never);
    expect(location).toBe(expected);
    expect(new URL(location, "https://app.example").origin).toBe("https://app.example");
  });
});

describe("canonicalRedirect", () => {
  test.each([
    ["/about", "", null],
    ["/about/", "", "/about"],
    ["/about/", "?q=1&q=2", "/about?q=1&q=2"],
    ["/blog//x", "?a=%20b&c", "/blog/x?a=%20b&c"],
    ["/FR/about", "?", "/fr/about?"],
  ])("%s%s -> %s", (path, search, expected) => {
    expect(canonicalRedirect(path, search, never)).toBe(expected);
  });
});

describe("canonicalHref", () => {
  test.each([
    ["en", "/", never, "/"],
    ["en", "/about", never, "/about"],
    ["fr", "/", never, "/fr"],
    ["fr", "/", always, "/fr/"],
    ["de", "/blog/new", always, "/de/blog/new/"],
  ] as const)("%s %s (%o) -> %s", (locale, path, options, expected) => {
    expect(canonicalHref(locale, path, options)).toBe(expected);
  });
});

describe("isInternalPath", () => {
  test.each([
    ["/about.data", true],
    ["/about/_.data", true],
    ["/_root.data", true],
    ["/__manifest", true],
    ["/assets/entry-abc.js", true],
    ["/healthz", true],
    ["/readyz", true],
    ["/about", false],
    ["/assets", false],
    ["/__manifest/", false],
    ["/healthz/", false],
  ])("%s -> %s", (path, expected) => {
    expect(isInternalPath(path)).toBe(expected);
  });
});

// Paths made of the characters that matter here: slashes, backslashes, dots,
// percent signs, locale-like segments and ordinary letters.
const pathLike = fc
  .array(
    fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2F",
      "fr",
      "FR",
      "en",
      "about",
      "x.txt",
      "a",
      "%",
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

describe.each(TRAILING_SLASH_MODES)("laws with TRAILING_SLASH=%s", (trailingSlash) => {
  const options = { trailingSlash, basePath: "" };

  test("canonicalisation is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string()), (input) => {
        const once = canonicalPath(input, options);
        expect(canonicalPath(once, options)).toBe(once);
      }),
    );
  });

  test("the result is a path on this origin: one leading slash, never // or /\\", () => {
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string()), (input) => {
        const result = canonicalPath(input, options);
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(new URL(result, "https://app.example").origin).toBe("https://app.example");
      }),
    );
  });

  test("a plain path's shortcut agrees with resolving it segment by segment", () => {
    // A leading `/./` sends any path through the full resolution, and changes nothing else.
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string()), (input) => {
        expect(canonicalPath(input, options)).toBe(canonicalPath(`/./${input}`, options));
      }),
      { numRuns: 500 },
    );
  });

  test("a canonical path is never redirected", () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        expect(canonicalRedirect(canonicalPath(input, options), "", options)).toBeNull();
      }),
    );
  });
});

describe.each(TRAILING_SLASH_MODES)(
  "laws under a base path, TRAILING_SLASH=%s",
  (trailingSlash) => {
    const options = { trailingSlash, basePath: "/shop" };

    test("a redirect below the base path stays below it, on this origin, in one hop", () => {
      fc.assert(
        fc.property(fc.oneof(pathLike, fc.string()), (input) => {
          const location = canonicalRedirect(`/shop${input}`, "", options);
          if (location === null) return;
          expect(location).toMatch(/^\/shop(?!\/[/\\])/);
          // Its path is the base path or below it (what follows may be a query or a fragment).
          const url = new URL(location, "https://app.example");
          expect(url.origin).toBe("https://app.example");
          expect(url.pathname).toMatch(/^\/shop(?:\/|$)/);
          expect(canonicalRedirect(location, "", options)).toBeNull();
        }),
      );
    });

    test("a path outside the base path is never redirected: it is the not-found page's", () => {
      fc.assert(
        fc.property(fc.oneof(pathLike, fc.string()), (input) => {
          const path = input.startsWith("/") ? input : `/${input}`;
          fc.pre(!path.startsWith("/shop"));
          expect(canonicalRedirect(path, "", options)).toBeNull();
        }),
      );
    });
  },
);
