import { describe, expect, test } from "vitest";
import {
  bodyParsingOf,
  BodyError,
  contentTypeOf,
  parseBody,
  parseSize,
} from "../../server/steps/api/body.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseSize: sizeLimit as Next.js reads it (binary units)", () => {
  test.each([
    [1024, 1024],
    ["1mb", 1024 * 1024],
    ["500kb", 500 * 1024],
    ["1.5 MB", 1.5 * 1024 * 1024],
    ["2048", 2048],
    ["10b", 10],
    ["1gb", 1024 ** 3],
    ["", null],
    ["lots", null],
    ["1 megabyte", null],
    [-1, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])("%j -> %j", (value, expected) => {
    expect(parseSize(value)).toBe(expected);
  });
});

describe("bodyParsingOf: a route's config", () => {
  test.each([
    [undefined, { parse: true, limitBytes: 1024 * 1024, limit: "1mb" }],
    [{}, { parse: true, limitBytes: 1024 * 1024, limit: "1mb" }],
    [{ api: {} }, { parse: true, limitBytes: 1024 * 1024, limit: "1mb" }],
    [{ api: { bodyParser: true } }, { parse: true, limitBytes: 1024 * 1024, limit: "1mb" }],
    [{ api: { bodyParser: false } }, { parse: false }],
    [
      { api: { bodyParser: { sizeLimit: "4kb" } } },
      { parse: true, limitBytes: 4096, limit: "4kb" },
    ],
    [{ api: { bodyParser: { sizeLimit: 100 } } }, { parse: true, limitBytes: 100, limit: 100 }],
  ])("%j", (config, expected) => {
    expect(bodyParsingOf(config)).toEqual(expected);
  });

  test.each([
    [{ api: { bodyParser: "json" } }, "config.api.bodyParser must be false or { sizeLimit }"],
    [{ api: { bodyParser: { sizeLimit: "big" } } }, 'sizeLimit "big" is not a size'],
  ])("refuses %j, saying why", (config, problem) => {
    const parsing = bodyParsingOf(config);
    expect("problem" in parsing && parsing.problem).toContain(problem);
  });
});

describe("contentTypeOf", () => {
  test.each([
    [undefined, { type: "text/plain", charset: "utf-8" }],
    ["application/json", { type: "application/json", charset: "utf-8" }],
    ["Application/JSON; Charset=UTF-16LE", { type: "application/json", charset: "UTF-16LE" }],
    ['text/plain; charset="latin1"', { type: "text/plain", charset: "latin1" }],
    ["not a type", { type: "text/plain", charset: "utf-8" }],
  ])("%j", (header, expected) => {
    expect(contentTypeOf(header)).toEqual(expected);
  });
});

describe("parseBody: by content type, as Next.js parses it", () => {
  test.each<[string | undefined, string, unknown]>([
    ["application/json", '{"a":[1,2]}', { a: [1, 2] }],
    ["application/ld+json", '{"@id":"x"}', { "@id": "x" }],
    ["application/json", "", {}],
    ["application/json", "3", 3],
    ["text/plain", "hello", "hello"],
    [undefined, "no type", "no type"],
    ["application/xml", "<x/>", "<x/>"],
    ["text/plain; charset=latin1", "caf\u00e9", "caf\u00c3\u00a9"],
  ])("%s %j", (type, body, expected) => {
    expect(parseBody(bytes(body), type)).toEqual(expected);
  });

  test("a form: a repeated name as an array, in order; no prototype to pollute", () => {
    const form = parseBody(
      bytes("a=1&a=2&b=x%20y&__proto__=z"),
      "application/x-www-form-urlencoded",
    );
    expect(Object.entries(form as object)).toEqual([
      ["a", ["1", "2"]],
      ["b", "x y"],
      ["__proto__", "z"],
    ]);
    expect(Object.getPrototypeOf(form)).toBe(null);
  });

  test.each([
    ["application/json", "{ nope", 400, "Invalid JSON"],
    ["text/plain; charset=no-such-charset", "x", 400, "Invalid body"],
  ])("%s %j: a %i", (type, body, status, message) => {
    const error = (() => {
      try {
        parseBody(bytes(body), type);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(BodyError);
    expect(error).toMatchObject({ status, message });
  });
});
