import { describe, expect, test } from "vitest";
import { compileSource, PatternError } from "../../app/routing/redirects/pattern.ts";
import {
  compileRedirects,
  redirectFor,
  redirectLoops,
  siteRedirects,
  type RedirectRule,
} from "../../app/routing/redirects/rules.ts";
import { redirectProblems } from "../../app/routing/redirects/config.ts";

// The unit project's site: en (default), fr, de; no trailing slash.
const never = { trailingSlash: "never", basePath: "" } as const;
const always = { trailingSlash: "always", basePath: "" } as const;

function ask(
  rules: RedirectRule[],
  target: string,
  headers: Record<string, string> = {},
  options: { trailingSlash: "never" | "always"; basePath: string } = never,
) {
  const queryAt = target.indexOf("?");
  return redirectFor(
    compileRedirects(rules),
    {
      path: queryAt === -1 ? target : target.slice(0, queryAt),
      search: queryAt === -1 ? "" : target.slice(queryAt),
      header: (name) => headers[name],
    },
    options,
  );
}
const where = (rules: RedirectRule[], target: string, headers?: Record<string, string>) => {
  const { redirect } = ask(rules, target, headers);
  return redirect && `${redirect.status} ${redirect.location}`;
};

describe("redirects, on the examples of Next.js's documentation", () => {
  test.each<[string, RedirectRule, string, string | null]>([
    // rule, request, the answer
    ["a fixed path", { source: "/about", destination: "/", permanent: true }, "/about", "308 /"],
    [
      "a parameter",
      { source: "/old-blog/:slug", destination: "/news/:slug", permanent: true },
      "/old-blog/hello-world",
      "308 /news/hello-world",
    ],
    [
      "a parameter takes one segment only",
      { source: "/old-blog/:slug", destination: "/news/:slug", permanent: true },
      "/old-blog/a/b",
      null,
    ],
    [
      "a wildcard: every segment after it",
      { source: "/blog/:slug*", destination: "/news/:slug*", permanent: true },
      "/blog/a/b/c",
      "308 /news/a/b/c",
    ],
    [
      "a wildcard matches nothing, too",
      { source: "/blog/:slug*", destination: "/news/:slug*", permanent: true },
      "/blog",
      "308 /news",
    ],
    [
      "a regular expression on a parameter",
      { source: "/post/:slug(\\d{1,})", destination: "/news/:slug", permanent: false },
      "/post/123",
      "307 /news/123",
    ],
    [
      "which refuses what it does not take",
      { source: "/post/:slug(\\d{1,})", destination: "/news/:slug", permanent: false },
      "/post/abc",
      null,
    ],
    [
      "escaped brackets are text",
      { source: "/english\\(default\\)/:slug", destination: "/en-us/:slug", permanent: false },
      "/english(default)/abc",
      "307 /en-us/abc",
    ],
    [
      "a lookahead, as Next.js's catch-all example writes it",
      { source: "/:path((?!another-page$).*)", destination: "/another-page", permanent: false },
      "/some/page",
      "307 /another-page",
    ],
    [
      "and the page it excludes",
      { source: "/:path((?!another-page$).*)", destination: "/another-page", permanent: false },
      "/another-page",
      null,
    ],
    [
      "statusCode instead of permanent",
      { source: "/gone", destination: "/", statusCode: 301 },
      "/gone",
      "301 /",
    ],
    [
      "an unnamed group, used by its number",
      { source: "/docs/(.*)", destination: "/manual/:0", permanent: true },
      "/docs/setup",
      "308 /manual/setup",
    ],
    [
      "a source is matched whatever its case, as in Next.js",
      { source: "/About", destination: "/", permanent: true },
      "/ABOUT",
      "308 /",
    ],
    [
      "another origin, as written, a parameter in its path",
      { source: "/docs/:slug", destination: "https://docs.example/:slug", permanent: false },
      "/docs/a%20b",
      "307 https://docs.example/a%20b",
    ],
  ])("%s", (_, rule, request, answer) => {
    expect(where([rule], request)).toBe(answer);
  });

  test("has and missing: a header, a cookie and a query value, each with its parameters", () => {
    const rules: RedirectRule[] = [
      {
        source: "/:path((?!another-page$).*)",
        has: [{ type: "header", key: "x-redirect-me" }],
        destination: "/another-page",
        permanent: false,
      },
      {
        source: "/specific/:path*",
        has: [
          { type: "query", key: "page", value: "home" },
          { type: "cookie", key: "authorized", value: "true" },
        ],
        destination: "/another/:path*",
        permanent: false,
      },
      {
        source: "/",
        has: [{ type: "header", key: "x-authorized", value: "(?<authorized>yes|true)" }],
        destination: "/home?authorized=:authorized",
        permanent: false,
      },
      {
        source: "/secret",
        missing: [{ type: "cookie", key: "session" }],
        destination: "/login",
        permanent: false,
      },
    ];
    expect(where(rules, "/x", { "x-redirect-me": "1" })).toBe("307 /another-page");
    expect(where(rules, "/x")).toBeNull();
    expect(where(rules, "/specific/a/b?page=home", { cookie: "authorized=true" })).toBe(
      "307 /another/a/b?page=home",
    );
    expect(where(rules, "/specific/a/b?page=home", { cookie: "authorized=false" })).toBeNull();
    expect(where(rules, "/specific/a?page=other", { cookie: "authorized=true" })).toBeNull();
    expect(where(rules, "/?x=1", { "x-authorized": "yes" })).toBe("307 /home?authorized=yes&x=1");
    expect(where(rules, "/", { "x-authorized": "maybe" })).toBeNull();
    expect(where(rules, "/secret")).toBe("307 /login");
    expect(where(rules, "/secret", { cookie: "a=1; session=abc" })).toBeNull();
  });

  test("what an answer depended on is named for Vary", () => {
    const rules: RedirectRule[] = [
      {
        source: "/a",
        has: [{ type: "header", key: "X-Beta", value: "1" }],
        missing: [{ type: "cookie", key: "stay" }],
        destination: "/b",
        permanent: false,
      },
    ];
    expect(ask(rules, "/a", { "x-beta": "1" }).vary).toEqual(["x-beta", "cookie"]);
    // Passed on, too: the page's answer depended on them as well.
    expect(ask(rules, "/a", { "x-beta": "1", cookie: "stay=1" })).toEqual({
      redirect: null,
      vary: ["x-beta", "cookie"],
    });
    expect(ask(rules, "/c")).toEqual({ redirect: null, vary: [] });
  });

  test("a host condition, on the name without its port", () => {
    const rule: RedirectRule = {
      source: "/:path*",
      has: [{ type: "host", value: "old\\.example" }],
      destination: "https://new.example/:path*",
      permanent: true,
    };
    expect(where([rule], "/a/b?q=1", { host: "old.example:8080" })).toBe(
      "308 https://new.example/a/b?q=1",
    );
    expect(where([rule], "/a/b", { host: "new.example" })).toBeNull();
  });

  test("the first rule that matches answers", () => {
    const rules: RedirectRule[] = [
      { source: "/a/:x", destination: "/first/:x", permanent: true },
      { source: "/a/b", destination: "/second", permanent: true },
    ];
    expect(where(rules, "/a/b")).toBe("308 /first/b");
  });
});

describe("redirects keep the URL contract", () => {
  const rule: RedirectRule = {
    source: "/old-blog/:slug",
    destination: "/blog/:slug",
    permanent: true,
  };

  test.each([
    // request, the one redirect that reaches the page
    ["/old-blog/hello", "308 /blog/hello"],
    ["/old-blog/hello/", "308 /blog/hello"],
    ["//old-blog//hello", "308 /blog/hello"],
    ["/old-blog/hello?b=%20x&b=y&empty=", "308 /blog/hello?b=%20x&b=y&empty="],
    ["/fr/old-blog/hello", "308 /fr/blog/hello"],
    ["/FR/old-blog/hello/", "308 /fr/blog/hello"],
    ["/en/old-blog/hello", "308 /blog/hello"],
    ["/old-blog/a%20b", "308 /blog/a%20b"],
  ])("%s: %s", (request, answer) => {
    expect(where([rule], request)).toBe(answer);
  });

  test("with trailingSlash, the destination takes the site's slash style", () => {
    const { redirect } = ask([rule], "/de/old-blog/hello", {}, always);
    expect(redirect?.location).toBe("/de/blog/hello/");
  });

  test("locale: false matches the path with its locale, the default's too, and adds none", () => {
    const rules: RedirectRule[] = [
      {
        source: "/de/with-locale-manual",
        destination: "/de/another",
        locale: false,
        permanent: false,
      },
      {
        source: "/:locale/manual",
        destination: "/:locale/another",
        locale: false,
        permanent: false,
      },
    ];
    expect(where(rules, "/de/with-locale-manual")).toBe("307 /de/another");
    expect(where(rules, "/fr/manual")).toBe("307 /fr/another");
    // Next.js spells an unprefixed path with the default locale before it matches a rule.
    expect(where(rules, "/manual")).toBe("307 /en/another");
    expect(where(rules, "/en/manual")).toBe("307 /en/another");
  });

  test("locale: false: a source without a locale matches no path, the default locale's neither", () => {
    const rules: RedirectRule[] = [
      { source: "/plain", destination: "/about", locale: false, permanent: false },
      { source: "/en", destination: "/en/another", locale: false, permanent: false },
    ];
    expect(where(rules, "/plain")).toBeNull();
    // The example of Next.js's docs: `/en` matches `/`, as `en` is the default locale.
    expect(where(rules, "/")).toBe("307 /en/another");
  });
});

describe("hostile requests", () => {
  const rules: RedirectRule[] = [
    { source: "/go/:to", destination: "/:to", permanent: false },
    { source: "/out/:path*", destination: "/:path*", permanent: false },
    { source: "/ext/:path*", destination: "https://docs.example/:path*", permanent: false },
  ];

  test.each([
    // request, the answer: always a path on this site, or the origin as written
    ["/go/%2F%2Fevil.example", "307 /%2F%2Fevil.example"],
    ["/go/%5Cevil.example", "307 /%5Cevil.example"],
    ["/go/https%3A%2F%2Fevil.example", "307 /https:%2F%2Fevil.example"],
    ["/out//evil.example", "307 /evil.example"],
    ["/out/%2F/evil.example", "307 /%2F/evil.example"],
    ["/out/..%2F..%2Fetc", "307 /..%2F..%2Fetc"],
    ["/ext/@evil.example", "307 https://docs.example/@evil.example"],
    ["/ext/%2F%2Fevil.example", "307 https://docs.example/%2F%2Fevil.example"],
    ["/go/%E0%A4%A", null], // not UTF-8: no parameter, no match
    ["/go/a%0D%0ALocation:%20x", "307 /a%0D%0ALocation:%20x"],
  ])("%s: %s", (request, answer) => {
    expect(where(rules, request)).toBe(answer);
  });

  test("a very long path is answered at once", () => {
    const long = `/out/${"a/".repeat(4000)}b`;
    const startedAt = performance.now();
    expect(where(rules, long)).toBe(`307 /${"a/".repeat(4000)}b`);
    expect(where(rules, `/go/${"a".repeat(16_000)}!`)).toBe(`307 /${"a".repeat(16_000)}!`);
    // Generous, for a shared host: a backtracking pattern would take seconds here.
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });
});

describe("a source's pattern", () => {
  test.each([
    ["old-blog/:slug", `must start with "/"`],
    // path-to-regexp 6's own messages, as Next.js reports them.
    ["/a/:", "Missing parameter name at 3"],
    ["/a/*", "Unexpected MODIFIER at 3, expected END"],
    ["/a/:x(\\d+", "Unbalanced pattern at 5"],
    ["/a/:x()", "Missing pattern at 5"],
    ["/a/:x((\\d+))", "Capturing groups are not allowed at 6"],
    ["/a/:x/:x", ":x appears twice"],
    ["/a/:x([)", "Invalid regular expression"],
  ])("%s: %s", (source, message) => {
    expect(() => compileSource(source)).toThrow(PatternError);
    expect(() => compileSource(source)).toThrow(message);
  });
});

test("groups in braces, as path-to-regexp 6 reads them: literal text, or an optional parameter", () => {
  expect(compileSource("/a/{b}").match("/a/B")).toEqual({});
  expect(compileSource("/a/{b}").sample()).toBe("/a/b");
  const optional = compileSource("/a{/:x}?");
  expect([optional.match("/a"), optional.match("/a/y"), optional.match("/a/")]).toEqual([
    {},
    { x: "y" },
    null,
  ]);
});

describe("a redirects config, checked", () => {
  test.each<[unknown, string[]]>([
    [
      { redirects: 1 },
      ["redirects: must be a list of rules (what next.config.js's redirects() returns)"],
    ],
    [
      [{ source: "/a", destination: "/b" }],
      ["redirects[0] (/a): needs permanent (true for 308, false for 307) or statusCode"],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, statusCode: 301 }],
      ["redirects[0] (/a): permanent and statusCode both given: keep one"],
    ],
    [
      [{ source: "/a", destination: "/b", statusCode: 304 }],
      ["redirects[0] (/a).statusCode: 304 must be one of 301, 302, 303, 307, 308"],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, locale: true }],
      ["redirects[0] (/a).locale: only false may be written (the default applies the rule there)"],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, regex: true }],
      [
        "redirects[0] (/a).regex: not a setting (known: source, destination, permanent, statusCode, has, missing, locale, basePath)",
      ],
    ],
    [
      [{ source: "/a/:slug", destination: "/b/:id", permanent: true }],
      ["redirects[0] (/a/:slug).destination: uses :id, which neither the source nor has gives"],
    ],
    [
      [{ source: "/a/:sub", destination: "https://:sub.example.com/", permanent: true }],
      [
        "redirects[0] (/a/:sub).destination: a parameter cannot make the origin: write https://:sub.example.com out",
      ],
    ],
    [
      [{ source: "/a", destination: "javascript:alert(1)", permanent: true }],
      [
        'redirects[0] (/a).destination: must be a path starting with "/" or a URL such as https://host/path',
      ],
    ],
    [
      [{ source: "/a", destination: "//evil.example/", permanent: true }],
      [
        'redirects[0] (/a).destination: must be a path starting with "/" or a URL such as https://host/path',
      ],
    ],
    [
      [{ source: "/a", destination: "https://user:pw@example.com/", permanent: true }],
      [
        "redirects[0] (/a).destination: https://user:pw@example.com: no user name or password in a redirect",
      ],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, has: [{ type: "body", key: "x" }] }],
      ['redirects[0] (/a).has[0].type: "body" must be one of header, cookie, query, host'],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, has: [{ type: "header" }] }],
      ["redirects[0] (/a).has[0].key: a header condition needs a key"],
    ],
    [
      [{ source: "/a", destination: "/b", permanent: true, missing: [{ type: "host" }] }],
      ["redirects[0] (/a).missing[0].value: a host condition needs a value"],
    ],
    [
      [
        {
          source: "/a",
          destination: "/b",
          permanent: true,
          has: [{ type: "query", key: "q", value: "(" }],
        },
      ],
      [
        expect.stringContaining(
          "redirects[0] (/a).has[0].value: not a valid regular expression",
        ) as unknown as string,
      ],
    ],
    [
      [
        {
          source: "/a",
          destination: "/b?u=:user",
          permanent: true,
          has: [{ type: "cookie", key: "user" }],
        },
      ],
      [],
    ],
  ])("%j", (value, problems) => {
    expect(
      redirectProblems(Array.isArray(value) ? value : (value as { redirects: unknown }).redirects),
    ).toEqual(problems);
  });
});

describe("loops, found before the server starts", () => {
  const loops = (rules: RedirectRule[]) => redirectLoops(compileRedirects(rules), never);

  test("a -> b -> a names both rules", () => {
    expect(
      loops([
        { source: "/a", destination: "/b", permanent: true },
        { source: "/b", destination: "/a", permanent: true },
      ]),
    ).toEqual([
      "redirects loop: redirects[0] (/a) sends /a to /b, then redirects[1] (/b) sends /b to /a",
    ]);
  });

  test("through parameters, a locale and the slash style", () => {
    expect(
      loops([
        { source: "/old/:slug", destination: "/new/:slug/", permanent: true },
        { source: "/new/:slug", destination: "/old/:slug", permanent: false },
      ]),
    ).toEqual([
      "redirects loop: redirects[0] (/old/:slug) sends /old/sample to /new/sample, then redirects[1] (/new/:slug) sends /new/sample to /old/sample",
    ]);
  });

  test("a rule onto itself", () => {
    expect(loops([{ source: "/:path*", destination: "/:path*", permanent: true }])).toEqual([
      "redirects loop: redirects[0] (/:path*) sends /sample to /sample",
    ]);
  });

  test("chains that end, other origins, and rules with conditions are no loop", () => {
    expect(
      loops([
        { source: "/a", destination: "/b", permanent: true },
        { source: "/b", destination: "/c", permanent: true },
        { source: "/c", destination: "https://example.com/a", permanent: true },
        { source: "/d", destination: "/e", permanent: true, has: [{ type: "cookie", key: "x" }] },
        { source: "/e", destination: "/d", permanent: true },
      ]),
    ).toEqual([]);
  });

  test("the server's start refuses a loop or a bad rule, naming it", () => {
    expect(() =>
      siteRedirects(
        [
          { source: "/a", destination: "/b", permanent: true },
          { source: "/b", destination: "/a", permanent: true },
        ],
        never,
      ),
    ).toThrow(
      /site\.config\.ts redirects are not valid:\n- redirects loop: redirects\[0\] \(\/a\)/,
    );
    expect(() =>
      siteRedirects([{ source: "/a/:x(", destination: "/", permanent: true }], never),
    ).toThrow("redirects[0] (/a/:x().source: Unbalanced pattern at 5");
    expect(siteRedirects(undefined, never).rules).toEqual([]);
  });
});
