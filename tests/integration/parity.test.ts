/**
 * `smoke parity` on real peers: the Next.js pages-router peer of the benchmarks
 * (bench/nextjs, installed, built and started as `npm run bench` does) against
 * this app, on the peer's URLs. The report holds exactly the differences
 * tests/parity/nextjs-allow.json records, each with its reason, which the
 * testing guide's "Parity" (docs/testing.md) lists; and a deployment with one page's 308 removed is
 * caught by the parity run and by the smoke spec of the site's URLs, each
 * naming the URL.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prepareNext, startNext } from "../../bench/servers.ts";
import type { Running } from "../../bench/measure.ts";
import { canonical } from "./contract-cases.ts";
import { startServer, type RunningServer } from "./harness.ts";

/** Runs a command to its end: its exit code and all it printed. */
async function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(args[0]!, args.slice(1), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

const parity = (oldUrl: string, newUrl: string, options: string[], resultsDir: string) =>
  run([process.execPath, "e2e/smoke/run.ts", "parity", oldUrl, newUrl, ...options], {
    RESULTS_DIR: resultsDir,
  });

/**
 * A deployment that lost one redirect: everything passes through to `target`,
 * but the other slash style of /about is answered 404 instead of its 308.
 */
async function withoutOneRedirect(target: number): Promise<Server> {
  const broken = canonical("/about") === "/about" ? "/about/" : "/about";
  const server = createServer((req, res) => {
    if (req.url?.split("?")[0] === broken) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    const upstream = request(
      { host: "127.0.0.1", port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}

let next: Running;
let ours: RunningServer;
let results: string;
beforeAll(async () => {
  prepareNext();
  [next, ours] = await Promise.all([startNext(), startServer()]);
  results = await mkdtemp(join(tmpdir(), "parity-"));
}, 300_000);
afterAll(async () => {
  await Promise.all([next?.stop(), ours?.stop()]);
  if (results) await rm(results, { recursive: true, force: true });
});

describe("parity: the Next.js peer against this app", () => {
  test("differs only as the allow-list records, every entry used, each with its reason", async () => {
    const { code, output } = await parity(
      `http://127.0.0.1:${next.port}`,
      ours.origin,
      ["--urls", "tests/parity/nextjs-urls.txt", "--allow", "tests/parity/nextjs-allow.json"],
      results,
    );
    expect(output).toMatch(
      /: 6\d URLs, \d+ allowed differences, 0 other, 0 allow-list entries unused/,
    );
    expect(code).toBe(0);
    // The two deliberate differences, as the testing guide names them.
    expect(output).toMatch(
      /\/FR\/about +hops +0 \| 1 +\(allowed: Next\.js answers a locale prefix/,
    );
    expect(output).toMatch(
      /\/BLOG\/\/new\/\?\S+ +hops +2 \| 1 +\(allowed: Next\.js takes two 308s/,
    );
    const junit = await readFile(join(results, "parity-junit.xml"), "utf8");
    expect(junit).toMatch(/<testsuite name="parity" tests="6\d" failures="0">/);
    expect(junit).toContain('<testcase classname="parity" name="/fr/blog/hello%20world">');
  });

  test("without the allow-list, the same run fails and shows each difference", async () => {
    const { code, output } = await parity(
      `http://127.0.0.1:${next.port}`,
      ours.origin,
      ["--urls", "tests/parity/nextjs-urls.txt"],
      results,
    );
    expect(code).toBe(1);
    expect(output).toMatch(/\/FR\/about +final +\/FR\/about \| \/fr\/about +\(DIFFERENT\)/);
  });

  test("a bad allow-list is refused with the reason, before any request", async () => {
    const list = join(results, "bad-allow.json");
    await import("node:fs/promises").then((fs) =>
      fs.writeFile(list, JSON.stringify([{ url: "^/", field: "hops" }])),
    );
    const { code, output } = await parity(ours.origin, ours.origin, ["--allow", list], results);
    expect(code).toBe(2);
    expect(output).toContain("allow-list entry 0: every intended difference needs its reason");
  });
});

describe("a deployment with one page's 308 removed", () => {
  let broken: Server;
  let brokenUrl: string;
  beforeAll(async () => {
    broken = await withoutOneRedirect(ours.port);
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => broken.close(() => resolve())));

  test("the parity run against the site it replaces fails, naming the URL", async () => {
    const { code, output } = await parity(ours.origin, brokenUrl, [], results);
    expect(code).toBe(1);
    const slash = canonical("/about") === "/about" ? "/about/" : "/about";
    expect(output).toContain(`${slash}?parity=1`);
    expect(output).toMatch(/status +200 \| 404 +\(DIFFERENT\)/);
  });

  test("the smoke spec of the site's URLs fails that URL's test, by its path", async () => {
    const smokeResults = await mkdtemp(join(tmpdir(), "smoke-"));
    try {
      const { code, output } = await run(
        [
          process.execPath,
          "node_modules/@playwright/test/cli.js",
          "test",
          "e2e/site-urls.spec.ts",
          "--project",
          "direct",
          "--grep",
          "keep the contract",
        ],
        { BASE_URL: brokenUrl, SMOKE_RESULTS: smokeResults },
      );
      expect(code).toBe(1);
      const junit = await readFile(join(smokeResults, "junit.xml"), "utf8");
      const failed = junit
        .split("<testcase ")
        .slice(1)
        .filter((block) => block.split("</testcase>")[0]!.includes("<failure"))
        .map((block) => /name="([^"]+)"/.exec(block)![1]);
      expect(failed, output).toEqual([
        // The title ends in the URL; tags (`@core @site`) come between.
        expect.stringMatching(new RegExp(`keep the contract (@\\w+ )*› ${canonical("/about")}$`)),
      ]);
    } finally {
      await rm(smokeResults, { recursive: true, force: true });
    }
  }, 120_000);
});
