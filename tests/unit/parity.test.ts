import { describe, expect, test } from "vitest";
import {
  allowedBy,
  differences,
  parseAllowList,
  variantsOf,
  VARIANT_QUERY,
  type Observation,
} from "../../e2e/smoke/parity.ts";

const q = VARIANT_QUERY;

describe("parity: the variants of a URL", () => {
  test.each([
    ["/", ["/", `//${q}`]],
    ["/about", ["/about", `/about/${q}`, `//about${q}`, "/ABOUT", `//ABOUT/${q}`]],
    [
      "/fr/blog/new/",
      [
        "/fr/blog/new/",
        `/fr/blog/new${q}`,
        `/fr/blog//new/${q}`,
        "/FR/blog/new/",
        `/FR/blog//new${q}`,
      ],
    ],
    ["/a%20b", ["/a%20b", `/a%20b/${q}`, `//a%20b${q}`, "/A%20B", `//A%20B/${q}`]],
  ])("%s -> %j", (path, variants) => {
    expect(variantsOf(path)).toEqual(variants);
  });
});

const seen: Observation = {
  status: 200,
  hops: 1,
  final: "/about",
  canonical: "/about",
  hreflang: "de=/de/about en=/about",
  title: "About",
};

describe("parity: differences and the allow-list", () => {
  test("each field that differs, as text, in a fixed order", () => {
    expect(differences("/x", seen, { ...seen, hops: 2, title: "Über" })).toEqual([
      { url: "/x", field: "hops", old: "1", new: "2" },
      { url: "/x", field: "title", old: "About", new: "Über" },
    ]);
    expect(differences("/x", seen, { ...seen })).toEqual([]);
  });

  test("a rule allows a difference of its field on a URL its pattern matches", () => {
    const rules = parseAllowList(
      JSON.stringify([{ url: "^/+[A-Z]{2}(/|$)", field: "hops", reason: "case of the prefix" }]),
    );
    const diff = (url: string, field: "hops" | "final") => ({ url, field, old: "0", new: "1" });
    expect(allowedBy(diff("/FR/about", "hops"), rules)?.reason).toBe("case of the prefix");
    expect(allowedBy(diff("/FR/about", "final"), rules)).toBeNull();
    expect(allowedBy(diff("/FRANCE", "hops"), rules)).toBeNull();
  });

  test.each([
    ["{", "the allow-list is not JSON"],
    ["{}", "the allow-list must be a JSON array"],
    ['[{"field":"hops","reason":"r"}]', "allow-list entry 0: url must be a regex"],
    ['[{"url":"^/","field":"speed","reason":"r"}]', "allow-list entry 0: field must be one of"],
    ['[{"url":"^/","field":"hops","reason":" "}]', "every intended difference needs its reason"],
    [
      '[{"url":"(","field":"hops","reason":"r"}]',
      "allow-list entry 0: url: Invalid regular expression",
    ],
  ])("%s is refused: %s", (text, message) => {
    expect(() => parseAllowList(text)).toThrow(message);
  });
});
