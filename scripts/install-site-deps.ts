/**
 * Installs a site's own packages into its folder (its node_modules), leaving
 * out those the shell brings itself: one React and one `next/*` (the shell's),
 * and the tools Next.js's build uses that the shell's build does not
 * (TypeScript, ESLint, `@types/*`). What is left, of `dependencies` and
 * `devDependencies`:
 *
 * - a `file:` package (a folder of the repository) is linked, as npm links it;
 * - any other is installed from the registry at the version the site's
 *   package-lock.json resolved (the range in package.json without one), its
 *   install scripts not run, its React peer left to the shell's.
 *
 *   node scripts/install-site-deps.ts <site folder>
 *
 * The site image's build runs it (Dockerfile, site-builder). A site whose only
 * packages are `next`, `react` and `react-dom` installs nothing.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

/** The packages the shell brings (or has no use for): never installed for a site. */
const SHELL_PROVIDED = ["next", "react", "react-dom", "typescript", "eslint", "eslint-config-next"];
const providedByShell = (name: string) =>
  SHELL_PROVIDED.includes(name) || name.startsWith("@types/");

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const siteDir = resolve(process.argv[2] ?? "");
if (!process.argv[2] || !existsSync(join(siteDir, "package.json"))) {
  console.error("usage: node scripts/install-site-deps.ts <a site folder with its package.json>");
  process.exit(2);
}
const pkg = JSON.parse(readFileSync(join(siteDir, "package.json"), "utf8")) as PackageJson;
const lock = existsSync(join(siteDir, "package-lock.json"))
  ? (JSON.parse(readFileSync(join(siteDir, "package-lock.json"), "utf8")) as {
      packages?: Record<string, { version?: string }>;
    })
  : null;
const wanted = Object.entries({ ...pkg.devDependencies, ...pkg.dependencies }).filter(
  ([name]) => !providedByShell(name),
);
const modules = join(siteDir, "node_modules");

const linked = wanted.filter(([, spec]) => spec.startsWith("file:"));
for (const [name, spec] of linked) {
  const link = join(modules, name);
  rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(relative(dirname(link), resolve(siteDir, spec.slice("file:".length))), link, "dir");
}

const fromRegistry = wanted
  .filter(([, spec]) => !spec.startsWith("file:"))
  .map(([name, spec]) => `${name}@${lock?.packages?.[`node_modules/${name}`]?.version ?? spec}`);
if (fromRegistry.length > 0) {
  // Installed apart, so npm does not reconcile the site's whole tree (its next and react).
  const scratch = mkdtempSync(join(tmpdir(), "site-deps-"));
  writeFileSync(join(scratch, "package.json"), '{ "private": true }\n');
  const result = spawnSync(
    "npm",
    [
      "install",
      "--no-package-lock",
      "--ignore-scripts",
      "--legacy-peer-deps",
      "--no-audit",
      "--no-fund",
      ...fromRegistry,
    ],
    { cwd: scratch, stdio: "inherit" },
  );
  if (result.status !== 0) {
    console.error(`install-site-deps: npm install ${fromRegistry.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(join(scratch, "node_modules"))) {
    cpSync(join(scratch, "node_modules", entry), join(modules, entry), {
      recursive: true,
      force: true,
      verbatimSymlinks: true,
    });
  }
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  `install-site-deps: ${linked.length} linked, ${fromRegistry.length} installed` +
    (fromRegistry.length > 0 ? ` (${fromRegistry.join(", ")})` : ""),
);
