/**
 * `npm test`: every check, in order, stopping at the first failure; the test
 * image it builds is removed whatever happens, and one closing line sums up
 * the tests of every runner.
 *
 *   typecheck -> lint -> build -> app image -> Vitest (unit, integration, the other sites)
 *   -> Playwright, differential: one Next.js site folder, `next start` against the shell
 *   -> Vitest (containers, alone: they change the host's network interfaces)
 *   -> Playwright (the browser suite against the image, directly and through nginx)
 *   -> Playwright again, the contract specs against an image of the second site,
 *      and against one of this site under a base path (/shop), through nginx
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

const DOCKER = process.env.DOCKER ?? "docker";
const IMAGE = process.env.APP_IMAGE ?? `rr-ssr-shell:test-${process.pid}`;
const buildsImage = process.env.APP_IMAGE === undefined;

function run(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n── ${title}: ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A Vitest run of these projects, its JSON report in test-results/`report`. */
function vitest(
  title: string,
  projects: string[],
  report: string,
): [string, string, string[], Record<string, string>] {
  return [
    title,
    "npx",
    [
      "vitest",
      "run",
      ...projects.flatMap((name) => ["--project", name]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=test-results/${report}`,
    ],
    { APP_IMAGE: IMAGE },
  ];
}

rmSync("test-results", { recursive: true, force: true });
const steps: [string, string, string[], Record<string, string>?][] = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  ...(buildsImage
    ? [["app image", "scripts/build-image.sh", [IMAGE]] as [string, string, string[]]]
    : []),
  vitest("vitest", ["unit", "integration", "second-site", "base-path"], "vitest.json"),
  // One Next.js site folder (tests/nextjs-site/), built by `next build` and by the
  // shell, both served once, the same observations made of each.
  [
    "playwright (differential)",
    "npx",
    ["playwright", "test", "-c", "e2e/differential/playwright.config.ts"],
  ],
  // Alone: its suites create and remove Docker networks, and Chromium drops the
  // requests it has in flight when the host's interfaces change
  // (net::ERR_NETWORK_CHANGED), which failed browser tests running beside them.
  vitest("vitest (containers)", ["container"], "vitest-container.json"),
  // Debian's Chromium where it is installed (CI); elsewhere Playwright's own, fetched once.
  ...(process.env.CHROMIUM_PATH || existsSync("/usr/bin/chromium")
    ? []
    : [["browser", "npx", ["playwright", "install", "chromium"]] as [string, string, string[]]]),
  ["playwright", "npx", ["playwright", "test"], { APP_IMAGE: IMAGE }],
  // The contract specs again, against an image built with the second site.config.ts,
  // and against this site built under a base path, through nginx.
  ["playwright (second site)", "npx", ["playwright", "test"], { E2E_SITE: "second-site" }],
  ["playwright (base path)", "npx", ["playwright", "test"], { E2E_SITE: "base-path" }],
];

let ok = true;
try {
  for (const [title, command, args, env] of steps) {
    if (!run(title, command, args, env)) {
      console.error(`\n${title} failed`);
      ok = false;
      break;
    }
  }
} finally {
  if (buildsImage) spawnSync(DOCKER, ["rmi", "--force", IMAGE], { stdio: "ignore" });
  run("summary", process.execPath, ["scripts/test-summary.ts"]);
}
process.exit(ok ? 0 : 1);
