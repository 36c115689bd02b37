/**
 * How the memory the process may use is shared out, decided once at start-up:
 * a share for each part that can grow (the JS heap, up to V8's limit; the page
 * and image caches, up to their sizes; Node and libvips outside the heap), a
 * margin, and what is left for resizing images at once (the optimizer admits
 * transformations against it: server/steps/images/limiter.ts). A configuration
 * whose parts cannot fit stops the start, naming the keys to change, instead
 * of being OOM-killed by the first burst of images (decision 024).
 *
 * Pure: main.ts passes the facts (the container's limit, V8's heap limit).
 */
import { IMAGE_WIDTHS } from "../../app/images.ts";
import { sizeSetsNeed, type OutputFormat } from "../steps/images/cost.ts";

const MiB = 1 << 20;

/**
 * Node, the app's code, the allocator's pools, sockets and libvips loaded,
 * outside the JS heap and the caches: measured at most 33 MiB of anonymous
 * memory after a sustained page load and a burst of images (npm run
 * bench:memory, jemalloc).
 */
export const NATIVE_RESERVE_BYTES = 40 * MiB;
/**
 * Kept free: the kernel's own memory for the process, and room for what the
 * estimates miss. A sixteenth: 16 MiB of 256 (the peak target is 240).
 */
export const headroomBytes = (limitBytes: number) => Math.floor(limitBytes / 16);

export interface MemoryFacts {
  /** process.constrainedMemory(): the container's limit (cgroup v1 or v2); 0 or 2^64 when there is none. */
  readonly constrainedBytes: number;
  /** os.totalmem(): the host's memory. */
  readonly totalBytes: number;
  /** V8's heap limit as the process started (heap_size_limit): the image's command sets it from the container's limit. */
  readonly heapLimitBytes: number;
}

export interface MemorySettings {
  /** MEMORY_LIMIT_BYTES; null: the container's limit, else the host's memory. */
  readonly memoryLimitBytes: number | null;
  /** IMAGE_TRANSFORM_MEMORY_BYTES; null: what the plan leaves. */
  readonly imageTransformMemoryBytes: number | null;
  readonly renderCacheMaxBytes: number;
  readonly imageMemoryCacheMaxBytes: number;
  /** The modern formats the optimizer may answer in (IMAGE_FORMATS). */
  readonly imageFormats: readonly OutputFormat[];
}

export interface MemoryPlan {
  readonly limitBytes: number;
  /** Where the limit comes from, for the log and the messages. */
  readonly limitFrom: "MEMORY_LIMIT_BYTES" | "the container's limit" | "the host's memory";
  readonly headroomBytes: number;
  readonly nativeBytes: number;
  readonly heapBytes: number;
  readonly pageCacheBytes: number;
  readonly imageCacheBytes: number;
  /** The optimizer's budget: its transformations' estimated memory, together. */
  readonly imageTransformBytes: number;
}

export type MemoryPlanResult =
  | { readonly ok: true; readonly plan: MemoryPlan }
  | { readonly ok: false; readonly problems: readonly string[] };

const mib = (bytes: number) => `${Math.floor(bytes / MiB)} MiB`;

/** The container's limit when there is one: libuv reports none as 0 or as 2^64. */
function containerLimit({ constrainedBytes, totalBytes }: MemoryFacts): number | null {
  return constrainedBytes > 0 && constrainedBytes < totalBytes ? constrainedBytes : null;
}

export function planMemory(facts: MemoryFacts, settings: MemorySettings): MemoryPlanResult {
  const problems: string[] = [];
  const container = containerLimit(facts);
  let limitBytes: number;
  let limitFrom: MemoryPlan["limitFrom"];
  if (settings.memoryLimitBytes !== null) {
    limitBytes = settings.memoryLimitBytes;
    limitFrom = "MEMORY_LIMIT_BYTES";
    const ceiling = container ?? facts.totalBytes;
    if (limitBytes > ceiling) {
      problems.push(
        `MEMORY_LIMIT_BYTES=${limitBytes} is more than the ${mib(ceiling)} ${container === null ? "the host has" : "the container may use"}: the plan would not hold`,
      );
    }
  } else if (container !== null) {
    limitBytes = container;
    limitFrom = "the container's limit";
  } else {
    limitBytes = facts.totalBytes;
    limitFrom = "the host's memory";
  }

  const parts = {
    headroomBytes: headroomBytes(limitBytes),
    nativeBytes: NATIVE_RESERVE_BYTES,
    heapBytes: facts.heapLimitBytes,
    pageCacheBytes: settings.renderCacheMaxBytes,
    imageCacheBytes: settings.imageMemoryCacheMaxBytes,
  };
  const left = limitBytes - Object.values(parts).reduce((sum, bytes) => sum + bytes, 0);
  const need = sizeSetsNeed(IMAGE_WIDTHS, settings.imageFormats);
  const needs = `one ${need.width} px wide photo takes in ${need.format.toUpperCase()} (the widest of the size sets)`;
  const shares =
    `${mib(parts.headroomBytes)} of margin, ${mib(parts.nativeBytes)} for Node and libvips outside the JS heap, ` +
    `${mib(parts.heapBytes)} for the JS heap (V8's limit), ${mib(parts.pageCacheBytes)} for RENDER_CACHE_MAX_BYTES ` +
    `and ${mib(parts.imageCacheBytes)} for IMAGE_MEMORY_CACHE_MAX_BYTES`;
  if (left < need.costBytes) {
    problems.push(
      `the memory plan does not fit: of the ${mib(limitBytes)} the process may use (${limitFrom}), ${shares} leave ` +
        `${mib(Math.max(0, left))} to resize images, less than the ${mib(need.costBytes)} ${needs}. ` +
        `Lower RENDER_CACHE_MAX_BYTES or IMAGE_MEMORY_CACHE_MAX_BYTES, or give the process more memory`,
    );
  }
  const override = settings.imageTransformMemoryBytes;
  if (override !== null && override > left && left >= need.costBytes) {
    problems.push(
      `IMAGE_TRANSFORM_MEMORY_BYTES=${override} is more than the ${mib(left)} the memory plan leaves to resize images ` +
        `(of ${mib(limitBytes)}, ${limitFrom}: ${shares})`,
    );
  }
  if (override !== null && override < need.costBytes) {
    problems.push(
      `IMAGE_TRANSFORM_MEMORY_BYTES=${override} is less than the ${mib(need.costBytes)} ${needs}`,
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    plan: { limitBytes, limitFrom, ...parts, imageTransformBytes: override ?? left },
  };
}
