/**
 * next.config.js's `headers()` rules (app/routing/header-rules.ts): which rules
 * match a path, as Next.js matches them (every match applies, a later one over
 * an earlier one; a locale below the base path unless `locale: false`), the
 * parameters and captures put into names and values, and the rules refused.
 * The same rules against `next start`: e2e/differential/config.spec.ts.
 */
import { describe, expect, test } from "vitest";
import { matchedPath } from "../../app/next/middleware/matcher.ts";
import type { ConditionSubject } from "../../app/routing/conditions.ts";
import { headerRuleProblems } from "../../app/routing/header-rule-config.ts";
import { compileHeaderRules, headersFor, type HeaderRule } from "../../app/routing/header-rules.ts";

const nobody: ConditionSubject = {
  header: () => undefined,
  cookie: () => undefined,
  query: () => undefined,
  host: "example.com",
};

const rule = (source: string, value = "1", extra: Partial<HeaderRule> = {}): HeaderRule => ({
  source,
  headers: [{ key: "x-rule", value }],
  ...extra,
});

describe("which rules apply", () => {
  const plain = { basePath: "", locales: null };
  const i18n = { basePath: "", locales: ["en", "fr", "pt-BR"] };
  const shop = { basePath: "/shop", locales: ["en", "fr"] };
  const cases: [
    rules: HeaderRule[],
    site: typeof i18n | typeof plain,
    locale: string | null,
    path: string,
    expected: [string, string][],
  ][] = [
    [[rule("/about")], plain, null, "/about", [["x-rule", "1"]]],
    [[rule("/about")], plain, null, "/about/team", []],
    [[rule("/blog/:slug", ":slug")], plain, null, "/blog/hello", [["x-rule", "hello"]]],
    [[rule("/docs/:path*", ":path")], plain, null, "/docs/a/b", [["x-rule", "a/b"]]],
    [[rule("/:path*", "a"), rule("/about", "b")], plain, null, "/about", [["x-rule", "b"]]],
    [[rule("/about", "b"), rule("/:path*", "a")], plain, null, "/about", [["x-rule", "a"]]],
    [[rule("/about")], i18n, "fr", "/about", [["x-rule", "1"]]],
    [[rule("/about")], i18n, "en", "/about", [["x-rule", "1"]]],
    [[rule("/", "home")], i18n, "pt-BR", "/", [["x-rule", "home"]]],
    [[rule("/fr/about", "1", { locale: false })], i18n, "fr", "/about", [["x-rule", "1"]]],
    [[rule("/fr/about", "1", { locale: false })], i18n, "en", "/about", []],
    [[rule("/about")], shop, "en", "/about", [["x-rule", "1"]]],
    [
      [rule("/shop/en/about", "1", { basePath: false, locale: false })],
      shop,
      "en",
      "/about",
      [["x-rule", "1"]],
    ],
  ];
  test.each(cases)("%j on %j (%s) %s", (rules, site, locale, path, expected) => {
    const full = matchedPath(
      { basePath: site.basePath, i18n: site.locales !== null },
      locale,
      path,
    );
    expect(headersFor(compileHeaderRules(rules, site), full, nobody)).toEqual(expected);
  });
});

describe("conditions and their captures", () => {
  const subject: ConditionSubject = {
    header: (name) => ({ "x-plan": "gold", "x-role": "admin" })[name],
    cookie: (name) => ({ theme: "dark" })[name],
    query: (name) => ({ q: "red-42" })[name],
    host: "shop.example.com",
  };
  test.each([
    [
      { has: [{ type: "header" as const, key: "x-plan", value: "gold" }] },
      "gold",
      [["x-rule", "gold"]],
    ],
    [{ has: [{ type: "header" as const, key: "x-role" }] }, "role", [["x-rule", "role"]]],
    [{ has: [{ type: "cookie" as const, key: "theme" }] }, "t", [["x-rule", "t"]]],
    [
      { has: [{ type: "query" as const, key: "q", value: "(?<colour>[a-z]+)-(?<n>\\d+)" }] },
      ":colour/:n",
      [["x-rule", "red/42"]],
    ],
    [
      { has: [{ type: "host" as const, value: "(?<sub>\\w+)\\.example\\.com" }] },
      ":sub",
      [["x-rule", "shop"]],
    ],
    [{ has: [{ type: "query" as const, key: "q", value: "red" }] }, "1", []],
    [{ missing: [{ type: "cookie" as const, key: "theme" }] }, "1", []],
    [{ missing: [{ type: "cookie" as const, key: "other" }] }, "1", [["x-rule", "1"]]],
  ] as [Partial<HeaderRule>, string, [string, string][]][])("%j", (extra, value, expected) => {
    const compiled = compileHeaderRules([rule("/about", value, extra)], {
      basePath: "",
      locales: null,
    });
    expect(headersFor(compiled, "/about", subject)).toEqual(expected);
  });

  test("a key takes parameters too", () => {
    const compiled = compileHeaderRules(
      [{ source: "/p/:id", headers: [{ key: "x-item-:id", value: "v" }] }],
      { basePath: "", locales: null },
    );
    expect(headersFor(compiled, "/p/7", nobody)).toEqual([["x-item-7", "v"]]);
  });
});

describe("rules that are wrong, each named", () => {
  test.each([
    [{}, "headers: must be a list"],
    [[{ source: "about", headers: [] }], 'headers[0].source: must be a path starting with "/"'],
    [
      [{ source: "/a", headers: [{ key: "x" }] }],
      "headers[0].headers: must be a list of { key, value } strings",
    ],
    [[{ source: "/a", headers: [], locale: true }], "headers[0].locale: may only be false"],
    [
      [{ source: "/a", headers: [], has: [{ type: "ip" }] }],
      'headers[0].has[0].type must be "header"',
    ],
    [
      [{ source: "/a", headers: [], permanent: true }],
      "headers[0].permanent: not a key of a header rule",
    ],
  ])("%j", (rules, message) => {
    expect(headerRuleProblems(rules)).toEqual([expect.stringContaining(message)]);
  });
  test("a source path-to-regexp cannot read stops the server's start, naming it", () => {
    expect(() => compileHeaderRules([rule("/a/:(")], { basePath: "", locales: null })).toThrow(
      'headers: the source "/a/:(" is not a path pattern',
    );
  });
  test("a valid list has none", () => {
    expect(
      headerRuleProblems([rule("/a"), rule("/b/:c", ":c", { has: [{ type: "query", key: "x" }] })]),
    ).toEqual([]);
  });
});
