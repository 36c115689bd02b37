/**
 * `NextInstance` as Next.js's deploy mode has it: the test's files written to a
 * folder of their own, built and served by the runtime under test, and what a
 * test asks of it (`url`, `fetch`, `render$`, `browser`, `readFile`, ...).
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { load } from "cheerio";
import { deploy, runtimeOf, type Deployment } from "./deploy.ts";
import { fetchViaHTTP, renderViaHTTP, type FetchOptions } from "./next-test-utils.ts";
import webdriver, { type WebdriverOptions } from "./next-webdriver.ts";

const ROOT = resolve(import.meta.dirname, "../../..");

/** A file or folder of the test's own, copied where the instance's files are. */
export class FileRef {
  readonly fsPath: string;
  constructor(fsPath: string) {
    this.fsPath = fsPath;
  }
}

/** A file of the test's, changed by `cb` on the way. */
export class PatchedFileRef {
  readonly fsPath: string;
  readonly cb: (content: string) => string;
  constructor(fsPath: string, cb: (content: string) => string) {
    this.fsPath = fsPath;
    this.cb = cb;
  }
}

type Files = FileRef | PatchedFileRef | string | Record<string, string | FileRef | PatchedFileRef>;

export interface NextInstanceOpts {
  files: Files;
  overrideFiles?: Files;
  dependencies?: Record<string, string>;
  packageJson?: Record<string, unknown>;
  nextConfig?: Record<string, unknown>;
  env?: Record<string, string>;
  subDir?: string;
  [option: string]: unknown;
}

/** Top-level entries a folder given whole does not bring: Next.js's harness leaves them too. */
const NOT_COPIED = new Set(["package.json", ".next", ".next-profiles", ".DS_Store"]);
/**
 * Nor the test files themselves, and their snapshots: they are not the app, and
 * Next.js's build would type-check them without Jest's types.
 */
const isTestFile = (path: string) => /\.test\.[cm]?[jt]sx?$|(^|\/)__snapshots__(\/|$)/.test(path);

function writeFiles(files: Files, dir: string) {
  const given = typeof files === "string" ? new FileRef(files) : files;
  if (given instanceof FileRef) {
    cpSync(given.fsPath, dir, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => {
        const path = source.slice(given.fsPath.length + 1);
        return !NOT_COPIED.has(path.split("/")[0]!) && !isTestFile(path);
      },
    });
    return;
  }
  if (given instanceof PatchedFileRef)
    throw new Error("a PatchedFileRef names one file, not the app's files");
  for (const [name, item] of Object.entries(given)) {
    const target = join(dir, name);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof item === "string") writeFileSync(target, item);
    else if (item instanceof PatchedFileRef)
      writeFileSync(target, item.cb(readFileSync(item.fsPath, "utf8")));
    else {
      rmSync(target, { force: true });
      cpSync(item.fsPath, target, { recursive: true });
    }
  }
}

/**
 * A next.config.js from the test's `nextConfig`, its functions (`rewrites()`)
 * written as their source, as Next.js's harness writes them.
 */
export function nextConfigSource(config: Record<string, unknown>, esm: boolean): string {
  const functions: string[] = [];
  const json = JSON.stringify(
    config,
    (_key, value: unknown) => {
      if (typeof value !== "function") return value;
      const source = String(value);
      // A method (`rewrites() {}`, `async rewrites() {}`) becomes a function expression.
      const expression = source.replace(
        new RegExp(`^(async\\s+)?${value.name}\\s*\\(`),
        (_m, async?: string) => `${async ?? ""}function (`,
      );
      functions.push(expression);
      return `__function_${functions.length - 1}__`;
    },
    2,
  );
  const body = json.replace(
    /"__function_(\d+)__"/g,
    (_m, index: string) => functions[Number(index)]!,
  );
  return `${esm ? "export default" : "module.exports ="} ${body}\n`;
}

/** The packages the runtimes bring themselves: never installed in a test's folder. */
const PROVIDED = new Set(["next", "react", "react-dom", "typescript"]);

export class NextInstance {
  readonly testDir: string;
  readonly env: Record<string, string>;
  private deployment: Deployment | null = null;
  private readonly opts: NextInstanceOpts;

  constructor(opts: NextInstanceOpts) {
    this.opts = opts;
    this.env = { ...opts.env };
    this.testDir = join(mkdtempSync(join(tmpdir(), "next-test-")), opts.subDir ?? "");
  }

  /** Writes the app's files and its package.json, and installs its own packages. */
  setup(): void {
    mkdirSync(this.testDir, { recursive: true });
    writeFiles(this.opts.files, this.testDir);
    if (this.opts.overrideFiles) writeFiles(this.opts.overrideFiles, this.testDir);
    const dependencies = {
      ...this.opts.dependencies,
      ...(this.opts.packageJson?.dependencies as object),
    };
    const pkg: Record<string, unknown> = {
      name: "next-test-app",
      private: true,
      ...this.opts.packageJson,
      dependencies: { ...dependencies, next: "16", react: "19", "react-dom": "19" },
    };
    writeFileSync(join(this.testDir, "package.json"), JSON.stringify(pkg, null, 2));
    if (this.opts.nextConfig) {
      const existing = ["js", "mjs", "cjs", "ts"].find((ext) =>
        existsSync(join(this.testDir, `next.config.${ext}`)),
      );
      if (existing)
        throw new Error(
          `nextConfig given and a next.config.${existing} among the files: use one or the other`,
        );
      writeFileSync(
        join(this.testDir, "next.config.js"),
        nextConfigSource(this.opts.nextConfig, pkg.type === "module"),
      );
    }
    if (
      Object.keys(dependencies).some((name) => !PROVIDED.has(name) && !name.startsWith("@types/"))
    ) {
      const result = spawnSync(
        process.execPath,
        [join(ROOT, "scripts/install-site-deps.ts"), this.testDir],
        {
          encoding: "utf8",
        },
      );
      if (result.status !== 0)
        throw new Error(`installing the app's packages failed:\n${result.stderr}`);
    }
  }

  async start(): Promise<void> {
    if (this.deployment) return;
    this.deployment = await deploy(
      runtimeOf(process.env.NEXT_HARNESS_RUNTIME),
      this.testDir,
      this.env,
    );
  }

  private get served(): Deployment {
    if (!this.deployment) throw new Error("the app is not started");
    return this.deployment;
  }

  get url(): string {
    return this.served.url;
  }

  get appPort(): string {
    return new URL(this.served.url).port;
  }

  get buildId(): string {
    return this.served.buildId;
  }

  get cliOutput(): string {
    return this.deployment?.output() ?? "";
  }

  get distDir(): string {
    return ".next";
  }

  /** No deployment id (skew protection's `?dpl=`): neither runtime is deployed with one. */
  get deploymentId(): undefined {
    return undefined;
  }

  getDeploymentIdQuery(): string {
    return "";
  }

  fetch(pathname: string, options?: FetchOptions): Promise<Response> {
    return fetchViaHTTP(this.url, pathname, null, options);
  }

  render(pathname: string, query?: Record<string, string> | string, options?: FetchOptions) {
    return renderViaHTTP(this.url, pathname, query, options);
  }

  async render$(pathname: string, query?: Record<string, string> | string, options?: FetchOptions) {
    return load(await this.render(pathname, query, options));
  }

  browser(pathname: string, options?: WebdriverOptions) {
    return webdriver(this.url, pathname, options);
  }

  async readFile(path: string): Promise<string> {
    return readFileSync(join(this.testDir, path), "utf8");
  }

  async readJSON(path: string): Promise<unknown> {
    return JSON.parse(await this.readFile(path));
  }

  async hasFile(path: string): Promise<boolean> {
    return existsSync(join(this.testDir, path));
  }

  normalizeTestDirContent(content: string): string {
    return content.replaceAll(this.testDir, "TEST_DIR");
  }

  getCliOutputFromHere(): () => string {
    const from = this.cliOutput.length;
    return () => this.cliOutput.slice(from);
  }

  async stop(): Promise<void> {
    const deployment = this.deployment;
    this.deployment = null;
    await deployment?.stop();
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.opts.subDir ? dirname(this.testDir) : this.testDir, {
      recursive: true,
      force: true,
    });
  }

  /**
   * Changes a file of the app's folder. A deployed app does not see it (Next.js's
   * deploy mode neither): a test changes files before it starts the app.
   */
  async patchFile(
    filename: string,
    content: string | ((before: string | undefined) => string),
  ): Promise<{ newFile: boolean }> {
    const path = join(this.testDir, filename);
    const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof content === "function" ? content(before) : content);
    return { newFile: before === undefined };
  }

  async renameFile(from: string, to: string): Promise<void> {
    renameSync(join(this.testDir, from), join(this.testDir, to));
  }

  async deleteFile(filename: string): Promise<void> {
    rmSync(join(this.testDir, filename), { recursive: true, force: true });
  }
}
