/**
 * Which releases' hashed client files an image carries (decision 011).
 *
 * A rolling deploy serves two builds at once, and a tab keeps the build it was
 * opened on: its next chunk may be asked of a replica of the other build. Each
 * image therefore carries, beside its own `/assets/`, those of the releases
 * before it, up to a bound, listed newest first in `build/releases.json`.
 */

export interface Release {
  /** React Router's build version: the hash in `/assets/manifest-<id>.js`. */
  readonly buildId: string;
  /** Its files under build/client/assets, by name, build-time variants included. */
  readonly assets: readonly string[];
}

const MANIFEST = /^manifest-([A-Za-z0-9_-]+)\.js$/;

/** The build id of a client assets folder's files: from its one manifest file. */
export function buildIdOfAssets(names: readonly string[]): string {
  const ids = names.flatMap((name) => MANIFEST.exec(name)?.[1] ?? []);
  if (ids.length !== 1) {
    throw new Error(`expected one manifest-<id>.js among the assets, found ${ids.length}`);
  }
  return ids[0]!;
}

/**
 * The releases a new image carries: its own first, then up to `keep` of the
 * releases the previous image carried (its own first), newest first. A
 * release of the same build (a rebuild of the same source) is not kept twice.
 */
export function keptReleases(own: Release, previous: readonly Release[], keep: number): Release[] {
  if (!Number.isInteger(keep) || keep < 0) {
    throw new Error(`the number of releases to keep must be a whole number >= 0, not ${keep}`);
  }
  const earlier = previous.filter(
    (release, index) =>
      release.buildId !== own.buildId &&
      previous.findIndex((other) => other.buildId === release.buildId) === index,
  );
  return [own, ...earlier.slice(0, keep)];
}

/** The files of the kept earlier releases that the new build does not have itself. */
export function filesToCarry(kept: readonly Release[]): string[] {
  const [own, ...earlier] = kept;
  const have = new Set(own?.assets);
  const carry = new Set<string>();
  for (const release of earlier) {
    for (const name of release.assets) if (!have.has(name)) carry.add(name);
  }
  return [...carry].sort();
}
