/**
 * What one transformation costs in memory, estimated before it starts, from
 * the source's header and the size and format of the answer: the optimizer
 * admits transformations by this figure against its budget (limiter.ts), so a
 * burst of large AVIF encodes waits instead of exhausting the container.
 *
 * Pure functions. The coefficients were measured (docs/decisions/024): the peak
 * RSS a single transformation added to a process with sharp loaded, for JPEG
 * (progressive and baseline, with and without an EXIF rotation), PNG and WebP
 * sources from 2400 to 6000 px, at 640 to 3840 px, in each output format, under
 * glibc and jemalloc. The estimate is above every measured peak (the table in
 * tests/unit/image-cost.test.ts), by 0 to 60 %.
 */
import type { SourceType } from "./format.ts";

export type OutputFormat = Exclude<SourceType, "svg">;

const MiB = 1 << 20;

/** Codec state, scanline buffers, the encoded output: what a tiny image costs already. */
export const FIXED_COST_BYTES = 20 * MiB;
/** A source pixel decoded and held whole (see heldSourcePixels): about 3 bytes a pixel, plus copies. */
const HELD_SOURCE_BYTES_PER_PIXEL = 3.5;
/**
 * Per output pixel, by encoder. AVIF (libaom, 4:4:4, effort 3) holds several
 * frame-sized planes: about 31 MiB per megapixel, by far the dearest. GIF's
 * quantiser keeps the whole image and its palette search.
 */
const OUTPUT_BYTES_PER_PIXEL: Readonly<Record<OutputFormat, number>> = {
  avif: 33,
  webp: 8,
  jpeg: 9,
  png: 9,
  gif: 20,
};

/** What the optimizer reads from a source's header before deciding anything. */
export interface SourceHeader {
  readonly type: Exclude<SourceType, "svg">;
  readonly width: number;
  readonly height: number;
  /** A progressive JPEG: libjpeg keeps the coefficients of the whole image to decode it. */
  readonly progressive: boolean;
  /** EXIF orientation 1 to 8; 5 to 8 turn the image a quarter, which needs it whole. */
  readonly orientation: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

const turnsAQuarter = (orientation: number) => orientation >= 5 && orientation <= 8;

/** The answer's size: `width` wide (never wider than the source, as shown upright), the source's aspect kept. */
export function outputSize(source: SourceHeader, width: number): Size {
  const upright = turnsAQuarter(source.orientation)
    ? { width: source.height, height: source.width }
    : { width: source.width, height: source.height };
  const outWidth = Math.min(width, upright.width);
  return {
    width: outWidth,
    height: Math.max(1, Math.round((upright.height * outWidth) / upright.width)),
  };
}

/**
 * JPEG and WebP decode at 1/2, 1/4 or 1/8 of their size when the answer is that
 * much smaller (shrink-on-load): the largest such factor that keeps the
 * decoded image at least as wide as the answer.
 */
function shrinkOnLoad(source: SourceHeader, output: Size): number {
  if (source.type !== "jpeg" && source.type !== "webp") return 1;
  const ratio = Math.min(
    Math.max(source.width, source.height) / Math.max(output.width, output.height),
    Math.min(source.width, source.height) / Math.min(output.width, output.height),
  );
  for (const factor of [8, 4, 2]) if (ratio >= factor) return factor;
  return 1;
}

/**
 * The source's pixels libvips holds at once. A baseline JPEG upright is
 * streamed a few rows at a time: none. A progressive JPEG keeps every
 * coefficient of the image whatever the shrink. A quarter turn needs the
 * (shrunk) image whole; so do WebP, GIF and AVIF decoders; PNG is counted
 * whole too (measured above its streamed size).
 */
export function heldSourcePixels(source: SourceHeader, output: Size): number {
  const pixels = source.width * source.height;
  if (source.type === "jpeg") {
    if (source.progressive) return pixels;
    if (!turnsAQuarter(source.orientation)) return 0;
  }
  const shrink = shrinkOnLoad(source, output);
  return Math.ceil(pixels / (shrink * shrink));
}

/** The memory one transformation may take at its peak, in bytes. */
export function transformCost(source: SourceHeader, width: number, format: OutputFormat): number {
  const output = outputSize(source, width);
  return Math.ceil(
    FIXED_COST_BYTES +
      heldSourcePixels(source, output) * HELD_SOURCE_BYTES_PER_PIXEL +
      output.width * output.height * OUTPUT_BYTES_PER_PIXEL[format],
  );
}

/**
 * The format to answer in: the first of `candidates` (the client's preference,
 * then the others it takes, then the source's own) whose transformation fits
 * `budgetBytes`, with its cost; null when none does. A large AVIF encode that
 * cannot fit is answered in WebP rather than not at all.
 */
export function affordableFormat(
  source: SourceHeader,
  width: number,
  candidates: readonly OutputFormat[],
  budgetBytes: number,
): { format: OutputFormat; costBytes: number } | null {
  for (const format of candidates) {
    const costBytes = transformCost(source, width, format);
    if (costBytes <= budgetBytes) return { format, costBytes };
  }
  return null;
}

/**
 * What the optimizer must be able to do, checked at start-up: resize a photo
 * as wide as the widest width of the size sets (a 3:2 baseline JPEG, the most
 * common camera shape) to that width, in the cheapest format it may answer in.
 * A budget below this cannot serve the site's own `srcset`s.
 */
export function sizeSetsNeed(
  widths: readonly number[],
  formats: readonly OutputFormat[],
): { width: number; format: OutputFormat; costBytes: number } {
  const width = Math.max(...widths);
  const photo: SourceHeader = {
    type: "jpeg",
    width,
    height: Math.round((width * 2) / 3),
    progressive: false,
    orientation: 1,
  };
  const [cheapest] = [...formats, "jpeg" as const]
    .map((format) => ({ width, format, costBytes: transformCost(photo, width, format) }))
    .sort((a, b) => a.costBytes - b.costBytes);
  return cheapest!;
}
