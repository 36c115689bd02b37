/**
 * The harness that runs Next.js's own test files (tests/next-harness/), run as
 * a user runs it, on its own sample file (written as Next.js's tests are) and
 * on both runtimes: each case passes on `next start` and on the shell, and the
 * table counts them. Next.js's files themselves are not here: they are fetched
 * (tests/next-harness/README.md).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const tests = mkdtempSync(join(tmpdir(), "harness-sample-"));
cpSync(join(ROOT, "tests/next-harness/sample"), tests, { recursive: true });
afterAll(() => rmSync(tests, { recursive: true, force: true }));

const FILE = "test/e2e/harness-sample/harness-sample.test.ts";

it(
  "runs a test file on next start and on the shell, and counts its cases",
  () => {
    const result = spawnSync(process.execPath, [join(ROOT, "tests/next-harness/run.ts")], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NEXT_HARNESS_TESTS: tests },
      timeout: 15 * 60_000,
    });
    const said = `${result.stdout}\n${result.stderr}`;
    expect(result.status, said).toBe(0);
    expect(said).toContain(`next  ${FILE}: 6 passed, 0 failed, 0 skipped`);
    expect(said).toContain(`shell ${FILE}: 6 passed, 0 failed, 0 skipped`);
    expect(said).toContain(`| ${FILE} | ? | 6 / 0 / 0 | 6 / 0 / 0 | 6 / 6 |`);
    expect(said).toContain(
      "6 passed, 0 failed, 0 allow-listed, of 6 cases `next start` passes: 100.0 %",
    );
    // Each run's results are kept beside the files, one per runtime.
    const kept = JSON.parse(
      readFileSync(join(tests, "results/shell", `${FILE.replaceAll("/", "__")}.json`), "utf8"),
    ) as { cases: Record<string, string> };
    expect(kept.cases["harness sample navigates on a click, in the page"]).toBe("passed");
  },
  16 * 60_000,
);
