import { parseAst } from "rolldown/parseAst";
import { describe, expect, test } from "vitest";
import {
  publicEnvAtStart,
  publicEnvRead,
  publicEnvReadsIn,
  publicEnvScript,
} from "../../../app/site/public-env.ts";

/** The module's code with its reads written as the build writes them. */
function rewritten(code: string, built: Record<string, string> = {}): string {
  let out = code;
  for (const { start, end, name } of publicEnvReadsIn(parseAst(code)).reverse())
    out = out.slice(0, start) + publicEnvRead(name, built[name]) + out.slice(end);
  return out;
}

/** What the rewritten code evaluates to, given the values a server gave (or none). */
function evaluate(code: string, built: Record<string, string>, given?: Record<string, string>) {
  const global = globalThis as Record<string, unknown>;
  const before = global.__NEXT_PUBLIC_ENV__;
  global.__NEXT_PUBLIC_ENV__ = given;
  try {
    return new Function(`return ${rewritten(code, built)}`)();
  } finally {
    global.__NEXT_PUBLIC_ENV__ = before;
  }
}

describe("process.env.NEXT_PUBLIC_* in the code", () => {
  test("a read is the value the server gave, else the built one, else undefined", () => {
    const code = "[process.env.NEXT_PUBLIC_API, process.env.NEXT_PUBLIC_NONE]";
    expect(evaluate(code, { NEXT_PUBLIC_API: "built" })).toEqual(["built", undefined]);
    expect(evaluate(code, { NEXT_PUBLIC_API: "built" }, { NEXT_PUBLIC_API: "given" })).toEqual([
      "given",
      undefined,
    ]);
    expect(evaluate(code, {}, { NEXT_PUBLIC_NONE: "" })).toEqual([undefined, ""]);
  });

  test.each([
    ['const s = "process.env.NEXT_PUBLIC_API";', "a string"],
    ["// process.env.NEXT_PUBLIC_API\n", "a comment"],
    ["const t = `process.env.NEXT_PUBLIC_API`;", "a template's text"],
    ["process.env.NEXT_PUBLIC_API = 'x';", "a write"],
    ["process.env['NEXT_PUBLIC_API'];", "a computed read (Next.js leaves it too)"],
    ["process.env.API_SECRET;", "a variable that is not NEXT_PUBLIC_"],
    ["other.env.NEXT_PUBLIC_API;", "another object's env"],
  ])("left as written: %s (%s)", (code) => {
    expect(rewritten(code)).toBe(code);
  });

  test("every read in a module, nested anywhere", () => {
    const code =
      "function f(a = process.env.NEXT_PUBLIC_A) { return { b: `${process.env.NEXT_PUBLIC_B}` }; }";
    expect(publicEnvReadsIn(parseAst(code)).map((read) => read.name)).toEqual([
      "NEXT_PUBLIC_A",
      "NEXT_PUBLIC_B",
    ]);
  });
});

describe("the values a server gives at start", () => {
  const record = {
    names: ["NEXT_PUBLIC_A", "NEXT_PUBLIC_B", "NEXT_PUBLIC_C"],
    built: { NEXT_PUBLIC_A: "a", NEXT_PUBLIC_B: "b" },
  };

  test("of the names the code reads, those set to another value than the built one", () => {
    expect(
      publicEnvAtStart(record, {
        NEXT_PUBLIC_A: "a",
        NEXT_PUBLIC_B: "other",
        NEXT_PUBLIC_C: "new",
        NEXT_PUBLIC_UNREAD: "never sent",
        SECRET: "never sent",
      }),
    ).toEqual({ NEXT_PUBLIC_B: "other", NEXT_PUBLIC_C: "new" });
  });

  test("the page's script cannot be ended by a value", () => {
    const script = publicEnvScript({ NEXT_PUBLIC_A: "</script><script>alert(1)</script>" });
    expect(script).not.toContain("<");
    const global: Record<string, unknown> = {};
    new Function("self", script)(global);
    expect(global.__NEXT_PUBLIC_ENV__).toEqual({
      NEXT_PUBLIC_A: "</script><script>alert(1)</script>",
    });
  });
});
