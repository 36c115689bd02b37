import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { join } from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DiskImageCache, type StoredImage } from "../../server/steps/images/disk-cache.ts";
import { Limiter, OverBudgetError, QueueFullError } from "../../server/steps/images/limiter.ts";

const silent = pino({ level: "silent" });

function image(bytes: number, overrides: Partial<StoredImage> = {}): StoredImage {
  return {
    contentType: "image/webp",
    etag: `"e${bytes}"`,
    cacheControl: "public, max-age=3600",
    variesByAccept: true,
    expiresAt: null,
    bytes: Buffer.alloc(bytes, 7),
    ...overrides,
  };
}

describe("DiskImageCache", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "image-cache-test-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test("a stored variant comes back whole, headers and bytes", async () => {
    const cache = (await DiskImageCache.open(dir, 1 << 20, silent))!;
    expect(await cache.get("a")).toBeUndefined();
    await cache.set("a", image(1000));
    expect(await cache.get("a")).toEqual(image(1000));
  });

  test("past the byte limit the least recently used go first", async () => {
    // Each entry is 1000 bytes plus a header of about 130: three fit in 3500, four do not.
    const cache = (await DiskImageCache.open(dir, 3500, silent))!;
    await cache.set("a", image(1000));
    await cache.set("b", image(1000));
    await cache.set("c", image(1000));
    await cache.get("a"); // a is now more recent than b
    await cache.set("d", image(1000));
    expect(cache.bytes).toBeLessThanOrEqual(3500);
    expect(await cache.get("b")).toBeUndefined();
    for (const key of ["a", "c", "d"]) expect(await cache.get(key)).toBeDefined();
    expect((await readdir(dir)).length).toBe(3);
  });

  test("a variant larger than the whole cache is not stored", async () => {
    const cache = (await DiskImageCache.open(dir, 500, silent))!;
    await cache.set("big", image(1000));
    expect(await cache.get("big")).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  test("an expired entry is not used, and is removed", async () => {
    const cache = (await DiskImageCache.open(dir, 1 << 20, silent))!;
    await cache.set("remote", image(100, { expiresAt: 1000 }));
    expect(await cache.get("remote", 999)).toBeDefined();
    expect(await cache.get("remote", 1000)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  test("a restart finds what was stored, bounded again, and clears half-written files", async () => {
    const first = (await DiskImageCache.open(dir, 1 << 20, silent))!;
    for (const key of ["a", "b", "c"]) await first.set(key, image(1000));
    // Recency across a restart is the files' modification time: a oldest, c newest.
    const names = await readdir(dir);
    for (const [i, key] of ["a", "b", "c"].entries()) {
      const name = names.find((n) => n === createHash("sha256").update(key).digest("hex"))!;
      await utimes(join(dir, name), 1000 + i, 1000 + i);
    }
    await writeFile(join(dir, `${"0".repeat(64)}.tmp-left-over`), "half");
    const second = (await DiskImageCache.open(dir, 2500, silent))!;
    expect(second.size).toBe(2);
    expect(second.bytes).toBeLessThanOrEqual(2500);
    expect((await readdir(dir)).some((name) => name.includes(".tmp"))).toBe(false);
    expect(await second.get("a")).toBeUndefined();
    expect(await second.get("c")).toEqual(image(1000));
  });

  test("a file removed behind its back is a miss, not an error", async () => {
    const cache = (await DiskImageCache.open(dir, 1 << 20, silent))!;
    await cache.set("a", image(10));
    for (const name of await readdir(dir)) await rm(join(dir, name));
    expect(await cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("an unusable directory gives no cache and one warning, not a crash", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const file = join(dir, "a-file");
    await writeFile(file, "");
    expect(await DiskImageCache.open(join(file, "images"), 1 << 20, logger)).toBeNull();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toMatch(/image disk cache off/);
  });
});

describe("Limiter", () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  test("runs at most `concurrency` tasks at once, and every task in the end", async () => {
    const limiter = new Limiter(2, 100);
    let running = 0;
    let most = 0;
    const task = async (i: number) => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      return i;
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiter.run(() => task(i))),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(2);
    expect(limiter.running).toBe(0);
  });

  test("beyond the queue a task is refused at once; a failed task frees its slot", async () => {
    const limiter = new Limiter(1, 1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = limiter.run(() => Promise.reject(new Error("broken")));
    await expect(limiter.run(async () => 3)).rejects.toBeInstanceOf(QueueFullError);
    release();
    await first;
    await expect(second).rejects.toThrow("broken");
    await expect(limiter.run(async () => 4)).resolves.toBe(4);
    expect(limiter.running).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  /** A task that runs until released, recording when it started. */
  function held(started: string[], name: string) {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return {
      task: async () => {
        started.push(name);
        await done;
        return name;
      },
      release,
    };
  }

  test("admits by memory: tasks whose costs together exceed the budget wait, though cores are free", async () => {
    const limiter = new Limiter(4, 10, 100);
    const started: string[] = [];
    const big = held(started, "big 70");
    const second = held(started, "second 70");
    const first = limiter.run(big.task, 70);
    const waiting = limiter.run(second.task, 70);
    await tick();
    expect(started).toEqual(["big 70"]);
    expect(limiter.bytesInUse).toBe(70);
    expect(limiter.queued).toBe(1);
    big.release();
    await first;
    await tick();
    expect(started).toEqual(["big 70", "second 70"]);
    second.release();
    await waiting;
    expect(limiter.bytesInUse).toBe(0);
  });

  test("first come, first served: a small task does not pass a large one that waits", async () => {
    const limiter = new Limiter(4, 10, 100);
    const started: string[] = [];
    const a = held(started, "a 60");
    const b = held(started, "b 60");
    const c = held(started, "c 10");
    const runs = [limiter.run(a.task, 60), limiter.run(b.task, 60), limiter.run(c.task, 10)];
    await tick();
    // c would fit beside a, but b came first and does not: both wait.
    expect(started).toEqual(["a 60"]);
    a.release();
    await tick();
    await tick();
    expect(started).toEqual(["a 60", "b 60", "c 10"]);
    b.release();
    c.release();
    await Promise.all(runs);
    expect(limiter.running).toBe(0);
  });

  test("a task costing more than the whole budget is refused at once", async () => {
    const limiter = new Limiter(4, 10, 100);
    await expect(limiter.run(async () => 1, 101)).rejects.toBeInstanceOf(OverBudgetError);
    expect(limiter.running).toBe(0);
  });
});
