import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { gateHolds, withGates } from "../next-harness/lib/gates.ts";
import { nextConfigSource } from "../next-harness/lib/instance.ts";
import { fetchViaHTTP, getFullUrl, withQuery } from "../next-harness/lib/next-test-utils.ts";
import {
  outcomeOf,
  rowOf,
  SKIPPED_DEPLOYMENT,
  tableOf,
  totalsOf,
  type FileRun,
} from "../next-harness/table.ts";

const run = (cases: FileRun["cases"]): FileRun => ({ cases });

describe("the harness's count", () => {
  it("counts only the cases next start passes, and the shell's outcome on each", () => {
    const next = run({ a: "passed", b: "passed", c: "failed", d: "skipped" });
    const shell = run({ a: "passed", b: "failed", c: "passed", d: "skipped" });
    const row = rowOf("test/e2e/x.test.ts", "abc", next, shell, []);
    expect(row.counted).toEqual({ passed: 1, failed: 1, allowed: 0 });
    expect(row.failures).toEqual(["b"]);
    expect(row.next).toEqual({ passed: 2, failed: 1, skipped: 1 });
  });

  it("takes a case the shell did not run, its file failed before it, as failed", () => {
    const row = rowOf("f", "c", run({ a: "passed" }), run({ a: "skipped" }), []);
    expect(row.failures).toEqual(["a"]);
  });

  it("reads kept results again: a stand-in case kept as passed, or failed, counts for nothing", () => {
    const standIn = `config check ${SKIPPED_DEPLOYMENT}`;
    const row = rowOf("f", "c", run({ [standIn]: "passed" }), run({ [standIn]: "failed" }), []);
    expect([row.counted, row.next, row.shell]).toEqual([
      { passed: 0, failed: 0, allowed: 0 },
      { passed: 0, failed: 0, skipped: 1 },
      { passed: 0, failed: 0, skipped: 1 },
    ]);
  });

  it("counts an allow-listed case apart, out of the rate", () => {
    const allowed = [{ file: "f", test: "a", why: "the shell loads the page after 3800 ms" }];
    const rows = [
      rowOf(
        "f",
        "c",
        run({ a: "passed", b: "passed" }),
        run({ a: "failed", b: "passed" }),
        allowed,
      ),
    ];
    expect(totalsOf(rows)).toEqual({
      files: 1,
      counted: 2,
      passed: 1,
      failed: 0,
      allowed: 1,
      rate: 1,
    });
  });

  it("leaves a file not run on the shell out of the totals, and says so in its row", () => {
    const rows = [
      rowOf("ran", "c1", run({ a: "passed" }), run({ a: "failed" }), []),
      rowOf("not-run", "c2", run({ a: "passed" }), null, []),
    ];
    expect(totalsOf(rows)).toMatchObject({ files: 1, passed: 0, failed: 1, rate: 0 });
    const table = tableOf(rows);
    expect(table).toContain("| not-run | c2 | 1 / 0 / 0 | not run | – |");
    expect(table).toContain(
      "0 passed, 1 failed, 0 allow-listed, of 1 cases `next start` passes: 0.0 %",
    );
  });

  it("takes the stand-in case of a file that skips deploy mode as skipped", () => {
    expect(outcomeOf(SKIPPED_DEPLOYMENT, "passed")).toBe("skipped");
    // Its full title, inside the file's describe.
    expect(outcomeOf(`config check ${SKIPPED_DEPLOYMENT}`, "failed")).toBe("skipped");
    expect(outcomeOf("renders", "passed")).toBe("passed");
    expect(outcomeOf("renders", "pending")).toBe("skipped");
  });
});

describe("the harness's next.config", () => {
  it("writes the config's methods as functions, in the module kind of the app", () => {
    const source = nextConfigSource(
      {
        basePath: "/docs",
        async rewrites() {
          return [{ source: "/a", destination: "/b" }];
        },
      },
      false,
    );
    expect(source.startsWith("module.exports = {")).toBe(true);
    const config = new Function("module", `${source}; return module.exports;`)({}) as {
      basePath: string;
      rewrites(): Promise<unknown>;
    };
    expect(config.basePath).toBe("/docs");
    return expect(config.rewrites()).resolves.toEqual([{ source: "/a", destination: "/b" }]);
  });

  it("writes an ES module for a package of type module", () => {
    expect(nextConfigSource({ trailingSlash: true }, true)).toBe(
      'export default {\n  "trailingSlash": true\n}\n',
    );
  });
});

describe("next-test-utils' URLs", () => {
  it.each([
    [3000, "/about", "http://localhost:3000/about"],
    ["http://localhost:4000", "/a?b=1", "http://localhost:4000/a?b=1"],
    ["http://localhost:4000/", "about", "http://localhost:4000/about"],
    ["http://localhost:4000", "https://example.com/x", "https://example.com/x"],
  ] as const)("%s + %s is %s", (base, path, url) => {
    expect(getFullUrl(base, path)).toBe(url);
  });

  it("adds a query, repeated keys repeated", () => {
    expect(withQuery("/a", { x: "1", y: ["2", "3"], z: undefined })).toBe("/a?x=1&y=2&y=3");
    expect(withQuery("/a?k=v", "?x=1")).toBe("/a?k=v&x=1");
    expect(withQuery("/a", {})).toBe("/a");
  });
});

describe("Next.js's test gates, in deploy mode", () => {
  it.each([
    ["!deploy", false],
    ["deploy", true],
    ["start", false],
    ["!dev", true],
    ["!deploy || !nodeMiddleware", true],
    ["!deploy && !nodeMiddleware", false],
    ["!(deploy && start)", true],
  ] as const)("%s holds: %s", (condition, holds) => {
    expect(gateHolds(condition)).toBe(holds);
  });

  it("skips the block below a gate that does not hold, its lines where they were", () => {
    const source = [
      "// @force-gate !deploy",
      "describe('local only', () => {})",
      "// @force-gate !dev",
      "describe('everywhere but dev', () => {})",
      "  // @force-gate start",
      "  // why",
      "  it.each([1])('start only', () => {})",
    ].join("\n");
    expect(withGates(source).split("\n")).toEqual([
      "// @force-gate !deploy",
      "describe.skip('local only', () => {})",
      "// @force-gate !dev",
      "describe('everywhere but dev', () => {})",
      "  // @force-gate start",
      "  // why",
      "  it.skip.each([1])('start only', () => {})",
    ]);
  });

  it("refuses a condition it cannot read", () => {
    expect(() => gateHolds("deploy ||")).toThrow("not a gate's condition");
  });
});

describe("next-test-utils' fetchViaHTTP, as node-fetch answers", () => {
  it("makes a redirect's Location absolute, and gives the body as a Node stream", async () => {
    const server = createServer((req, res) => {
      if (req.url === "/old") res.writeHead(308, { Location: "/new?x=1" }).end();
      else res.end("hello ".repeat(3));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const moved = await fetchViaHTTP(base, "/old", undefined, { redirect: "manual" });
      expect([moved.status, moved.headers.get("location")]).toEqual([308, `${base}/new?x=1`]);
      const page = await fetchViaHTTP(base, "/page", { q: "1" });
      const chunks: Buffer[] = [];
      const body = page.body as unknown as Readable;
      body.on("data", (chunk: Buffer) => chunks.push(chunk));
      await once(body, "end");
      expect(Buffer.concat(chunks).toString()).toBe("hello hello hello ");
      expect(await (await fetchViaHTTP(base, "/again")).text()).toBe("hello hello hello ");
    } finally {
      server.close();
    }
  });
});
