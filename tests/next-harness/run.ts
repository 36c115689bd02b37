/**
 * Runs Next.js's test files, as they are, against `next start` and the shell,
 * and prints the table (tests/next-harness/README.md).
 *
 *   node tests/next-harness/run.ts [--runtime next|shell|both] [--table] [--missing] [--counted] [filter...]
 *
 * filter: parts of test file paths (`i18n`, `test/e2e/gssp-redirect`); none:
 * every file. Each file runs in its own Vitest process per runtime; its
 * results are kept in <tests>/results/<runtime>/, so a run can be resumed or
 * one runtime run again, and `--table` prints the table of what is kept.
 * `--missing`: only the files with no results kept for the runtime;
 * `--counted`: on the shell, only the files `next start` passed a case of.
 * NEXT_HARNESS_TESTS: the folder of the fetched files (default .nextjs-tests/).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ALLOW_LIST } from "./allow-list.ts";
import { RUNTIMES, runtimeOf, type Runtime } from "./lib/deploy.ts";
import {
  outcomeOf,
  rowOf,
  SKIPPED_DEPLOYMENT,
  tableOf,
  type FileRun,
  type Outcome,
} from "./table.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TESTS = resolve(process.env.NEXT_HARNESS_TESTS ?? join(ROOT, ".nextjs-tests"));
/** A file's run is stopped past this: a hung build or browser must not hold the rest. */
const FILE_TIMEOUT_MS = 20 * 60_000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runtime: { type: "string", default: "both" },
    table: { type: "boolean", default: false },
    missing: { type: "boolean", default: false },
    counted: { type: "boolean", default: false },
  },
});

/** The commit each fetched file was read at (files.tsv: path, tab, commit). */
function commits(): Map<string, string> {
  const map = new Map<string, string>();
  const listed = [join(import.meta.dirname, "files.tsv")].filter(existsSync);
  for (const file of listed)
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const [path, commit] = line.split("\t");
      if (path && commit) map.set(path, commit);
    }
  return map;
}

function testFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "results") continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.[cm]?[jt]sx?$/.test(entry.name)) found.push(relative(TESTS, path));
    }
  };
  if (existsSync(join(dir, "test"))) walk(join(dir, "test"));
  return found.sort();
}

const resultPath = (runtime: Runtime, file: string) =>
  join(TESTS, "results", runtime, `${file.replaceAll("/", "__")}.json`);

interface VitestJson {
  testResults: {
    status: string;
    message?: string;
    assertionResults: { fullName: string; title: string; status: string }[];
  }[];
}

function fileRunOf(report: VitestJson): FileRun {
  const cases: Record<string, Outcome> = {};
  let error: string | undefined;
  for (const result of report.testResults) {
    if (result.message) error = result.message.slice(0, 2000);
    for (const assertion of result.assertionResults)
      cases[assertion.fullName] = outcomeOf(assertion.title, assertion.status);
  }
  return { cases, error };
}

/** The first telling error a run printed, without colours: a build's missing module, a hook's. */
function firstError(output: string): string | undefined {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const telling =
    lines.find((line) =>
      /Module not found|Cannot find module|Can't resolve|Type error:/.test(line),
    ) ?? lines.find((line) => /^\s*\w*Error\b/.test(line) && !/exited with/.test(line));
  return telling?.trim().slice(0, 600);
}

/** Runs one file on one runtime in a Vitest process of its own: its outcome, kept. */
async function runFile(runtime: Runtime, file: string): Promise<FileRun> {
  const out = resultPath(runtime, file);
  mkdirSync(join(out, ".."), { recursive: true });
  rmSync(`${out}.server.log`, { force: true });
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/vitest/vitest.mjs"),
      "run",
      "-c",
      join(import.meta.dirname, "vitest.config.ts"),
      file,
      "--reporter=json",
      "--reporter=default",
      `--outputFile=${out}.vitest`,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_HARNESS_RUNTIME: runtime,
        NEXT_HARNESS_TESTS: TESTS,
        NEXT_HARNESS_SERVER_LOG: `${out}.server.log`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), FILE_TIMEOUT_MS);
  await new Promise((done) => child.on("close", done));
  clearTimeout(timer);
  const run: FileRun = existsSync(`${out}.vitest`)
    ? fileRunOf(JSON.parse(readFileSync(`${out}.vitest`, "utf8")) as VitestJson)
    : { cases: {}, error: `no results (exit ${child.exitCode}):\n${output.slice(-4000)}` };
  // A failure of the file as a whole (its build, in a hook) is in the log, not the JSON report.
  const error = run.error ?? firstError(output);
  const kept = { ...run, error, seconds: Math.round((Date.now() - started) / 1000) };
  writeFileSync(out, JSON.stringify(kept, null, 2));
  writeFileSync(`${out}.log`, output);
  return kept;
}

/** Whether `next start` passed a case of the file, as kept: only then does the shell's run count. */
function passesOnNext(file: string): boolean {
  return Object.values(kept("next", file)?.cases ?? {}).includes("passed");
}

function kept(runtime: Runtime, file: string): FileRun | null {
  const path = resultPath(runtime, file);
  if (!existsSync(path)) return null;
  const run = JSON.parse(readFileSync(path, "utf8")) as FileRun;
  // The stand-in case of a file that skips deploy mode, as an older run kept it.
  const cases = Object.fromEntries(
    Object.entries(run.cases).map(([name, outcome]) => [
      name,
      name.endsWith(SKIPPED_DEPLOYMENT) ? "skipped" : outcome,
    ]),
  );
  return { ...run, cases };
}

// Next.js's test folders are CommonJS (a test's `require("./next.config")`), not this project's ES modules.
if (!existsSync(join(TESTS, "package.json")))
  writeFileSync(
    join(TESTS, "package.json"),
    `${JSON.stringify({ private: true, type: "commonjs" })}\n`,
  );

const files = testFiles(TESTS).filter(
  (file) => positionals.length === 0 || positionals.some((part) => file.includes(part)),
);
if (files.length === 0) {
  console.error(
    `no test files under ${TESTS}/test matching ${positionals.join(", ") || "anything"}`,
  );
  process.exit(2);
}
const runtimes = values.runtime === "both" ? RUNTIMES : [runtimeOf(values.runtime)];
if (!values.table) {
  for (const file of files)
    for (const runtime of runtimes) {
      if (values.missing && kept(runtime, file)) continue;
      if (values.counted && runtime === "shell" && !passesOnNext(file)) continue;
      const run = await runFile(runtime, file);
      const tally = Object.values(run.cases);
      console.log(
        `${runtime.padEnd(5)} ${file}: ${tally.filter((o) => o === "passed").length} passed, ` +
          `${tally.filter((o) => o === "failed").length} failed, ${tally.filter((o) => o === "skipped").length} skipped` +
          (run.error ? ` (${run.error.split("\n")[0]})` : ""),
      );
    }
}
const commitOf = commits();
const rows = files.map((file) =>
  rowOf(file, commitOf.get(file) ?? "?", kept("next", file), kept("shell", file), ALLOW_LIST),
);
console.log(`\n${tableOf(rows)}`);
const failures = rows.flatMap((row) => row.failures.map((name) => `- ${row.file}: ${name}`));
if (failures.length > 0) console.log(`\nCounted cases the shell fails:\n${failures.join("\n")}`);
