import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import site from "../../site.config.ts";
import { DERIVED_KEYS } from "../../app/routing/site-config.ts";

// The configuration guide: every variable and every site.config.ts key, in its tables.
const readme = readFileSync("docs/configuration.md", "utf8");

// Its variables table and server/platform/config.ts must list the same variables.
test("the configuration guide documents every environment variable the server reads", () => {
  const source = readFileSync("server/platform/config.ts", "utf8");
  const variables = [...source.matchAll(/read\(\s*"(\w+)"/g)].map((m) => m[1]!);
  expect(variables.length).toBeGreaterThan(10);
  const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual([...variables].sort());
});

// Its "Site config" table and the keys of site.config.ts, with their defaults filled in.
// `env` is one key: its names are the site's own.
const RECORDS = ["env"];

test("the configuration guide documents every key of site.config.ts", () => {
  const keys = (value: object, at = ""): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === "object" && inner !== null && !Array.isArray(inner) && !RECORDS.includes(key)
        ? keys(inner as object, `${at}${key}.`)
        : [`${at}${key}`],
    );
  const documented = [...readme.matchAll(/^\| `([a-z][\w.]*)` \|/gm)].map((m) => m[1]);
  const settable = keys(site).filter((key) => !(DERIVED_KEYS as readonly string[]).includes(key));
  expect(documented.sort()).toEqual(settable.sort());
});
