/**
 * The harness's table: per Next.js test file, its cases passed, failed and
 * skipped on `next start` and on the shell, and the totals. Pure: the runner
 * (run.ts) reads the results, this counts them.
 *
 * What counts: a case that passes on `next start` under the harness. One that
 * fails there is a fault of the harness or of the file at its commit, left out
 * with that reason; one the shell fails on purpose (a guarantee it adds) is
 * allow-listed, counted apart. The shell's rate is passed ÷ (passed + failed)
 * over the counted cases.
 */

export type Outcome = "passed" | "failed" | "skipped";

/**
 * The title of the one case `nextTestSetup({ skipDeployment: true })` runs in
 * deploy mode, in place of the file's: nothing of the file ran.
 */
export const SKIPPED_DEPLOYMENT = "should skip next deploy";

/** A case's outcome from its full title (its describes' names first) and its status in Vitest's report. */
export function outcomeOf(title: string, status: string): Outcome {
  if (title === SKIPPED_DEPLOYMENT || title.endsWith(` ${SKIPPED_DEPLOYMENT}`)) return "skipped";
  return status === "passed" ? "passed" : status === "failed" ? "failed" : "skipped";
}

/** One run of one file on one runtime: each case's outcome by its full name. */
export interface FileRun {
  readonly cases: Readonly<Record<string, Outcome>>;
  /** Why the file failed as a whole (its build, a hook), if it did. */
  readonly error?: string;
}

export interface Allowed {
  readonly file: string;
  /** The case's full name. */
  readonly test: string;
  readonly why: string;
}

export interface Row {
  readonly file: string;
  readonly commit: string;
  readonly next: Counts | null;
  readonly shell: Counts | null;
  /** Cases that pass on `next start`: the shell's outcome on each. */
  readonly counted: { readonly passed: number; readonly failed: number; readonly allowed: number };
  /** Counted cases the shell failed, not allow-listed. */
  readonly failures: readonly string[];
}

export interface Counts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/** A run's outcomes, each read again by its title: results kept before a rule of outcomeOf's changed follow it. */
const outcomesOf = (run: FileRun): [string, Outcome][] =>
  Object.entries(run.cases).map(([name, outcome]) => [name, outcomeOf(name, outcome)]);

function counts(run: FileRun): Counts {
  const outcomes = outcomesOf(run).map(([, outcome]) => outcome);
  return {
    passed: outcomes.filter((outcome) => outcome === "passed").length,
    failed: outcomes.filter((outcome) => outcome === "failed").length,
    skipped: outcomes.filter((outcome) => outcome === "skipped").length,
  };
}

/** A file's row: each runtime's counts, and the shell's over the cases `next start` passes. */
export function rowOf(
  file: string,
  commit: string,
  next: FileRun | null,
  shell: FileRun | null,
  allowList: readonly Allowed[],
): Row {
  const passingOnNext = (next ? outcomesOf(next) : [])
    .filter(([, outcome]) => outcome === "passed")
    .map(([name]) => name);
  let passed = 0;
  let allowed = 0;
  const failures: string[] = [];
  if (shell) {
    for (const name of passingOnNext) {
      // Not run on the shell while it ran on Next.js: its file failed before it (a build, a hook).
      if (shell.cases[name] === "passed") passed++;
      else if (allowList.some((entry) => entry.file === file && entry.test === name)) allowed++;
      else failures.push(name);
    }
  }
  return {
    file,
    commit,
    next: next && counts(next),
    shell: shell && counts(shell),
    counted: { passed, failed: failures.length, allowed },
    failures,
  };
}

export interface Totals {
  readonly files: number;
  readonly counted: number;
  readonly passed: number;
  readonly failed: number;
  readonly allowed: number;
  /** passed ÷ (passed + failed), or null with nothing counted. */
  readonly rate: number | null;
}

export function totalsOf(rows: readonly Row[]): Totals {
  const withBoth = rows.filter((row) => row.next && row.shell);
  const passed = withBoth.reduce((sum, row) => sum + row.counted.passed, 0);
  const failed = withBoth.reduce((sum, row) => sum + row.counted.failed, 0);
  const allowed = withBoth.reduce((sum, row) => sum + row.counted.allowed, 0);
  return {
    files: withBoth.length,
    counted: passed + failed + allowed,
    passed,
    failed,
    allowed,
    rate: passed + failed === 0 ? null : passed / (passed + failed),
  };
}

const cell = (value: Counts | null) =>
  value ? `${value.passed} / ${value.failed} / ${value.skipped}` : "not run";

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)} %`);

/** The markdown table, with its totals line. */
export function tableOf(rows: readonly Row[]): string {
  const lines = [
    "| test file | commit | `next start` passed / failed / skipped | shell passed / failed / skipped | shell, of the cases `next start` passes |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map((row) => {
      const ofNext = row.shell
        ? `${row.counted.passed} / ${row.counted.passed + row.counted.failed}` +
          (row.counted.allowed ? ` (+${row.counted.allowed} allow-listed)` : "")
        : "–";
      return `| ${row.file} | ${row.commit.slice(0, 10)} | ${cell(row.next)} | ${cell(row.shell)} | ${ofNext} |`;
    }),
  ];
  const totals = totalsOf(rows);
  lines.push(
    "",
    `Totals over ${totals.files} files run on both: ${totals.passed} passed, ${totals.failed} failed, ` +
      `${totals.allowed} allow-listed, of ${totals.counted} cases \`next start\` passes: ${percent(totals.rate)}.`,
  );
  return lines.join("\n");
}
