/**
 * The optimizer's second cache level: a directory bounded by bytes, least
 * recently used out first. One file per variant, named by a hash of its key,
 * written to a temporary name and renamed, so a reader never sees half a file.
 * Any disk error turns the cache off for the life of the process, with one
 * warning: images are still served, only computed again.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../../platform/logger.ts";

/** One variant of an image, as served: its bytes and the headers that go with them. */
export interface StoredImage {
  readonly contentType: string;
  readonly etag: string;
  readonly cacheControl: string;
  /** False for a source passed through (SVG, animated): its answer does not depend on Accept. */
  readonly variesByAccept: boolean;
  /** Milliseconds since the epoch after which the entry is not used; null for never. */
  readonly expiresAt: number | null;
  readonly bytes: Buffer;
}

type Header = Omit<StoredImage, "bytes">;

const TEMPORARY = ".tmp";

function fileNameOf(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function encode({ bytes, ...header }: StoredImage): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify(header satisfies Header)}\n`), bytes]);
}

function decode(file: Buffer): StoredImage | null {
  const end = file.indexOf(0x0a);
  if (end === -1) return null;
  try {
    const header = JSON.parse(file.subarray(0, end).toString()) as Header;
    return { ...header, bytes: file.subarray(end + 1) };
  } catch {
    return null;
  }
}

export class DiskImageCache {
  /** File name to size, oldest use first (a Map keeps insertion order). */
  readonly #index = new Map<string, number>();
  #bytes = 0;
  #failed = false;

  readonly dir: string;
  readonly maxBytes: number;
  readonly #logger: Logger;

  private constructor(dir: string, maxBytes: number, logger: Logger) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.#logger = logger;
  }

  /** Opens (creating) the directory and indexes what an earlier run left; null when unusable. */
  static async open(dir: string, maxBytes: number, logger: Logger): Promise<DiskImageCache | null> {
    const cache = new DiskImageCache(dir, maxBytes, logger);
    try {
      await mkdir(dir, { recursive: true });
      const found: { name: string; size: number; mtimeMs: number }[] = [];
      for (const name of await readdir(dir)) {
        const path = join(dir, name);
        if (name.includes(TEMPORARY)) {
          await rm(path, { force: true });
          continue;
        }
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const { size, mtimeMs } = await stat(path);
        found.push({ name, size, mtimeMs });
      }
      // Probe that the directory is writable now, not at the first image.
      const probe = join(dir, `probe${TEMPORARY}-${randomUUID()}`);
      await writeFile(probe, "");
      await rm(probe);
      for (const { name, size } of found.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
        cache.#index.set(name, size);
        cache.#bytes += size;
      }
      await cache.#evict();
      return cache;
    } catch (error) {
      logger.warn(
        { err: error, dir },
        "image disk cache off: its directory is not writable (IMAGE_CACHE_DIR)",
      );
      return null;
    }
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#index.size;
  }

  async get(key: string, now = Date.now()): Promise<StoredImage | undefined> {
    const name = fileNameOf(key);
    const size = this.#index.get(name);
    if (size === undefined || this.#failed) return undefined;
    let image: StoredImage | null;
    try {
      image = decode(await readFile(join(this.dir, name)));
    } catch {
      image = null; // Removed by hand, or by another process sharing the directory.
    }
    if (image === null || (image.expiresAt !== null && image.expiresAt <= now)) {
      await this.#remove(name);
      return undefined;
    }
    this.#index.delete(name);
    this.#index.set(name, size);
    return image;
  }

  async set(key: string, image: StoredImage): Promise<void> {
    if (this.#failed) return;
    const name = fileNameOf(key);
    const file = encode(image);
    if (file.length > this.maxBytes) return;
    const path = join(this.dir, name);
    const temporary = `${path}${TEMPORARY}-${randomUUID()}`;
    try {
      await writeFile(temporary, file);
      await rename(temporary, path);
    } catch (error) {
      this.#failed = true;
      await rm(temporary, { force: true }).catch(() => {});
      this.#logger.warn(
        { err: error, dir: this.dir },
        "image disk cache off: a write failed; images are computed again instead",
      );
      return;
    }
    this.#bytes -= this.#index.get(name) ?? 0;
    this.#index.delete(name);
    this.#index.set(name, file.length);
    this.#bytes += file.length;
    await this.#evict();
  }

  async #remove(name: string): Promise<void> {
    const size = this.#index.get(name);
    if (size === undefined) return;
    this.#index.delete(name);
    this.#bytes -= size;
    await rm(join(this.dir, name), { force: true }).catch(() => {});
  }

  async #evict(): Promise<void> {
    for (const name of this.#index.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      await this.#remove(name);
    }
  }
}
