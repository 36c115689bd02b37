/**
 * Prints one closing line for the whole test run, from the JSON reports the
 * runners wrote into test-results/: "Tests: N passed, N failed, N skipped".
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "test-results";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

// Vitest's json reporter (Jest-compatible): numPassedTests, numFailedTests, numPendingTests, numTodoTests.
function fromVitest(report: Record<string, number>): Counts {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

// Playwright's json reporter: stats.expected (passed), unexpected (failed), flaky, skipped.
function fromPlaywright(report: { stats: Record<string, number> }): Counts {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith(".json")) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(join(DIR, file), "utf8"));
  const counts = "stats" in report ? fromPlaywright(report) : fromVitest(report);
  console.log(
    `${file}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
if (files.length === 0) console.log("no test reports found in test-results/");
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
