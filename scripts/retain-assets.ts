/**
 * Carries the hashed client files of earlier releases into this build, so a
 * tab opened on one of them can still load its chunks from a replica of this
 * one during and after a rolling deploy (decision 011). Run by the Dockerfile
 * with the build of the image this one replaces (PREVIOUS_IMAGE); with no
 * previous build it only records this release.
 *
 *   node scripts/retain-assets.ts PREVIOUS_BUILD_DIR [BUILD_DIR]   (default: build)
 *
 * RETAIN_RELEASES (default 2): how many earlier releases to carry. Each costs
 * its /assets/ (about 0.7 MB with compressed variants, served from memory).
 *
 * Writes BUILD_DIR/releases.json: the releases this build carries, newest first.
 */
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildIdOfAssets, filesToCarry, keptReleases, type Release } from "./releases.ts";

const [previousDir, buildDir = "build"] = process.argv.slice(2);
if (!previousDir) {
  console.error("usage: node scripts/retain-assets.ts PREVIOUS_BUILD_DIR [BUILD_DIR]");
  process.exit(2);
}
const keepSetting = process.env.RETAIN_RELEASES ?? "2";
if (!/^\d{1,2}$/.test(keepSetting)) {
  console.error(`RETAIN_RELEASES must be a whole number from 0 to 99, not "${keepSetting}"`);
  process.exit(2);
}
const keep = Number(keepSetting);

const assetsOf = (dir: string) => join(dir, "client", "assets");
const namesIn = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true }).catch(() => [])).flatMap((entry) =>
    entry.isFile() ? [entry.name] : [],
  );

/** The releases a build carries: its releases.json, else (a build from before it) its own files. */
async function releasesOf(dir: string): Promise<Release[]> {
  const recorded = await readFile(join(dir, "releases.json"), "utf8").catch(() => null);
  if (recorded !== null) return (JSON.parse(recorded) as { releases: Release[] }).releases;
  const names = await namesIn(assetsOf(dir));
  return names.length === 0 ? [] : [{ buildId: buildIdOfAssets(names), assets: names }];
}

// Run again on the same build, its own files are the ones it recorded the first time.
const [own] = await releasesOf(buildDir);
if (!own) throw new Error(`no client assets in ${assetsOf(buildDir)}: build first`);
const kept = keptReleases(own, await releasesOf(previousDir), keep);
const available = new Set(await namesIn(assetsOf(previousDir)));
const carried = filesToCarry(kept);
const missing = carried.filter((name) => !available.has(name));
if (missing.length > 0) {
  throw new Error(`the previous build lists files it does not have: ${missing.join(", ")}`);
}
const wanted = new Set(kept.flatMap((release) => release.assets));
for (const name of await namesIn(assetsOf(buildDir))) {
  if (!wanted.has(name)) await rm(join(assetsOf(buildDir), name));
}
for (const name of carried) {
  await copyFile(join(assetsOf(previousDir), name), join(assetsOf(buildDir), name));
}
await writeFile(
  join(buildDir, "releases.json"),
  JSON.stringify({ releases: kept }, null, 2) + "\n",
);
console.log(
  `releases carried: ${kept.map((release) => release.buildId).join(", ")} ` +
    `(this build first; ${carried.length} files of earlier ones, RETAIN_RELEASES=${keep})`,
);
