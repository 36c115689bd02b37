import { describe, expect, test } from "vitest";
import {
  affordableFormat,
  outputSize,
  sizeSetsNeed,
  transformCost,
  type OutputFormat,
  type SourceHeader,
} from "../../server/steps/images/cost.ts";
import { IMAGE_WIDTHS } from "../../app/images.ts";

const MiB = 1 << 20;

/** The sources the coefficients were measured on (docs/decisions/024). */
const SOURCES: Record<string, SourceHeader> = {
  // site/public/images/valley.jpg: a progressive JPEG
  valley: { type: "jpeg", width: 2400, height: 1600, progressive: true, orientation: 1 },
  baseline6000: { type: "jpeg", width: 6000, height: 4000, progressive: false, orientation: 1 },
  png4000: { type: "png", width: 4000, height: 2667, progressive: false, orientation: 1 },
  webp4000: { type: "webp", width: 4000, height: 2667, progressive: false, orientation: 1 },
  // EXIF orientation 6: shown a quarter turned, 2667 x 4000
  turned4000: { type: "jpeg", width: 4000, height: 2667, progressive: false, orientation: 6 },
};

/**
 * The peak RSS one transformation added (MiB), the larger of glibc's and
 * jemalloc's, measured in the app's image: each row a fresh process with sharp
 * loaded, `concurrency(1)`, no cache, the optimizer's own encoder settings.
 */
const MEASURED: [keyof typeof SOURCES, number, OutputFormat, number][] = [
  ["valley", 640, "avif", 29.5],
  ["valley", 1080, "avif", 56.2],
  ["valley", 1920, "avif", 94.5],
  ["valley", 3840, "avif", 131.7],
  ["valley", 640, "webp", 18.1],
  ["valley", 1920, "webp", 34.6],
  ["valley", 3840, "webp", 35],
  ["valley", 3840, "jpeg", 40.4],
  ["valley", 3840, "png", 21.2],
  ["valley", 1920, "gif", 76.8],
  ["valley", 3840, "gif", 103],
  ["baseline6000", 640, "avif", 16.7],
  ["baseline6000", 1920, "avif", 87.5],
  ["baseline6000", 3840, "avif", 303],
  ["baseline6000", 3840, "webp", 76.7],
  ["baseline6000", 3840, "jpeg", 84],
  ["png4000", 640, "avif", 34.1],
  ["png4000", 3840, "avif", 294.7],
  ["png4000", 3840, "webp", 67.4],
  ["png4000", 3840, "gif", 111.8],
  ["webp4000", 1080, "avif", 45.2],
  ["webp4000", 3840, "avif", 356.5],
  ["webp4000", 3840, "webp", 122.8],
  ["webp4000", 3840, "jpeg", 133.4],
  ["turned4000", 1080, "avif", 68.4],
  ["turned4000", 1920, "avif", 200.3],
  ["turned4000", 3840, "avif", 345.4],
  ["turned4000", 1920, "webp", 60.5],
  ["turned4000", 3840, "jpeg", 103.5],
];

describe("transformCost", () => {
  test.each(MEASURED)(
    "%s at %i px in %s: at least the %f MiB measured, and not twice that (AVIF)",
    (source, width, format, measuredMiB) => {
      const estimated = transformCost(SOURCES[source]!, width, format) / MiB;
      expect(estimated).toBeGreaterThanOrEqual(measuredMiB);
      // Over-estimating costs concurrency: AVIF, the one that matters, stays close.
      if (format === "avif") expect(estimated).toBeLessThan(measuredMiB * 2 + 10);
    },
  );

  test("grows with the answer's pixels, and AVIF is the dearest encoder", () => {
    const valley = SOURCES.valley!;
    expect(transformCost(valley, 1920, "avif")).toBeGreaterThan(transformCost(valley, 640, "avif"));
    for (const format of ["webp", "jpeg", "png", "gif"] as const) {
      expect(transformCost(valley, 1920, "avif")).toBeGreaterThan(
        transformCost(valley, 1920, format),
      );
    }
  });

  test("a width above the source's costs what the source's own width costs (never enlarged)", () => {
    expect(transformCost(SOURCES.valley!, 3840, "avif")).toBe(
      transformCost(SOURCES.valley!, 2400, "avif"),
    );
  });
});

describe("outputSize", () => {
  test.each([
    [SOURCES.valley!, 640, { width: 640, height: 427 }],
    [SOURCES.valley!, 3840, { width: 2400, height: 1600 }],
    // Turned a quarter: as wide as the source is high.
    [SOURCES.turned4000!, 640, { width: 640, height: 960 }],
    [SOURCES.turned4000!, 3840, { width: 2667, height: 4000 }],
  ])("%j at %i px is %j", (source, width, expected) => {
    expect(outputSize(source, width)).toEqual(expected);
  });
});

describe("affordableFormat", () => {
  const valley = SOURCES.valley!;
  const candidates = ["avif", "webp", "jpeg"] as const;

  test.each([
    // Room for anything: the client's first choice.
    [1024 * MiB, 3840, "avif"],
    // The 2400 px AVIF does not fit 120 MiB; its WebP does.
    [120 * MiB, 3840, "webp"],
    // A narrow AVIF fits the same budget.
    [120 * MiB, 1080, "avif"],
  ])("with %i bytes, %i px is answered in %s", (budget, width, format) => {
    expect(affordableFormat(valley, width, candidates, budget)?.format).toBe(format);
  });

  test("its cost is the chosen format's, within the budget", () => {
    const choice = affordableFormat(valley, 3840, candidates, 120 * MiB)!;
    expect(choice.costBytes).toBe(transformCost(valley, 3840, "webp"));
    expect(choice.costBytes).toBeLessThanOrEqual(120 * MiB);
  });

  test("null when not even the cheapest format fits", () => {
    expect(affordableFormat(SOURCES.webp4000!, 3840, candidates, 100 * MiB)).toBeNull();
  });
});

describe("sizeSetsNeed", () => {
  test("the widest size set, 3840 px, as a 3:2 photo in the cheapest format the optimizer may answer in", () => {
    const need = sizeSetsNeed(IMAGE_WIDTHS, ["avif", "webp"]);
    expect(need).toMatchObject({ width: 3840, format: "webp" });
    expect(need.costBytes).toBe(
      transformCost(
        { type: "jpeg", width: 3840, height: 2560, progressive: false, orientation: 1 },
        3840,
        "webp",
      ),
    );
  });

  test("without modern formats, JPEG (the source's)", () => {
    expect(sizeSetsNeed(IMAGE_WIDTHS, []).format).toBe("jpeg");
  });
});
