import { describe, expect, test } from "vitest";
import {
  NATIVE_RESERVE_BYTES,
  planMemory,
  type MemoryFacts,
  type MemorySettings,
} from "../../server/platform/memory-plan.ts";
import { sizeSetsNeed } from "../../server/steps/images/cost.ts";
import { IMAGE_WIDTHS } from "../../app/images.ts";

const MiB = 1 << 20;
const GiB = 1 << 30;
/** What libuv reports when there is no limit. */
const NO_LIMIT = 2 ** 64;

/** A 256 MiB container, with the image's V8 flags: a heap limit of 75 MiB. */
const container256: MemoryFacts = {
  constrainedBytes: 256 * MiB,
  totalBytes: 24 * GiB,
  heapLimitBytes: 75 * MiB,
};
const defaults: MemorySettings = {
  memoryLimitBytes: null,
  imageTransformMemoryBytes: null,
  renderCacheMaxBytes: 8 * MiB,
  imageMemoryCacheMaxBytes: 16 * MiB,
  imageFormats: ["avif", "webp"],
};

function plan(facts: Partial<MemoryFacts>, settings: Partial<MemorySettings> = {}) {
  return planMemory({ ...container256, ...facts }, { ...defaults, ...settings });
}

function planned(facts: Partial<MemoryFacts>, settings: Partial<MemorySettings> = {}) {
  const result = plan(facts, settings);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.plan;
}

describe("planMemory", () => {
  test("a 256 MiB container: what the margin, Node, the heap and the caches leave goes to images", () => {
    const memory = planned({});
    expect(memory).toMatchObject({
      limitBytes: 256 * MiB,
      limitFrom: "the container's limit",
      headroomBytes: 16 * MiB,
      heapBytes: 75 * MiB,
    });
    expect(memory.imageTransformBytes).toBe((256 - 16 - 75 - 8 - 16) * MiB - NATIVE_RESERVE_BYTES);
    // The parts add up to the limit: nothing is counted twice or left out.
    const { headroomBytes, nativeBytes, heapBytes, pageCacheBytes, imageCacheBytes } = memory;
    expect(
      headroomBytes +
        nativeBytes +
        heapBytes +
        pageCacheBytes +
        imageCacheBytes +
        memory.imageTransformBytes,
    ).toBe(memory.limitBytes);
  });

  test.each([
    // libuv's two ways of saying "no limit": the host's memory.
    [{ constrainedBytes: NO_LIMIT }, "the host's memory", 24 * GiB],
    [{ constrainedBytes: 0 }, "the host's memory", 24 * GiB],
    [{ constrainedBytes: 512 * MiB }, "the container's limit", 512 * MiB],
  ])("%j: the limit is %s", (facts, from, bytes) => {
    expect(planned(facts)).toMatchObject({ limitFrom: from, limitBytes: bytes });
  });

  test("MEMORY_LIMIT_BYTES replaces the limit found, below it", () => {
    expect(planned({ constrainedBytes: 1 * GiB }, { memoryLimitBytes: 384 * MiB })).toMatchObject({
      limitFrom: "MEMORY_LIMIT_BYTES",
      limitBytes: 384 * MiB,
    });
  });

  test("IMAGE_TRANSFORM_MEMORY_BYTES sets the images' budget, within what the plan leaves", () => {
    expect(planned({}, { imageTransformMemoryBytes: 100 * MiB }).imageTransformBytes).toBe(
      100 * MiB,
    );
  });

  test.each([
    // A container too small for the caches, the heap and one wide photo.
    [
      { constrainedBytes: 192 * MiB },
      {},
      [
        "RENDER_CACHE_MAX_BYTES",
        "IMAGE_MEMORY_CACHE_MAX_BYTES",
        "192 MiB",
        "the container's limit",
      ],
    ],
    // Caches too large for the container they run in.
    [{}, { renderCacheMaxBytes: 64 * MiB }, ["RENDER_CACHE_MAX_BYTES", "64 MiB"]],
    [{}, { imageMemoryCacheMaxBytes: 48 * MiB }, ["IMAGE_MEMORY_CACHE_MAX_BYTES", "48 MiB"]],
    // A heap allowed most of the container (V8's own default there: 259 MiB).
    [{ heapLimitBytes: 259 * MiB }, {}, ["259 MiB for the JS heap"]],
    [
      { constrainedBytes: 256 * MiB },
      { memoryLimitBytes: 512 * MiB },
      ["MEMORY_LIMIT_BYTES=536870912", "more than the 256 MiB the container may use"],
    ],
    [
      {},
      { imageTransformMemoryBytes: 200 * MiB },
      ["IMAGE_TRANSFORM_MEMORY_BYTES=209715200", "more than"],
    ],
    [
      {},
      { imageTransformMemoryBytes: 32 * MiB },
      ["IMAGE_TRANSFORM_MEMORY_BYTES=33554432", "less than", "3840 px"],
    ],
  ])("%j with %j stops the start, naming %j", (facts, settings, named) => {
    const result = plan(facts, settings);
    expect(result.ok).toBe(false);
    const message = result.ok ? "" : result.problems.join("\n");
    for (const name of named) expect(message).toContain(name);
  });

  test("the images' share is at least what the size sets need, whenever the plan holds", () => {
    const need = sizeSetsNeed(IMAGE_WIDTHS, defaults.imageFormats).costBytes;
    for (let limit = 128 * MiB; limit <= 1 * GiB; limit += 16 * MiB) {
      const result = plan({ constrainedBytes: limit, heapLimitBytes: Math.round(limit * 0.29) });
      if (result.ok) expect(result.plan.imageTransformBytes).toBeGreaterThanOrEqual(need);
    }
  });
});
