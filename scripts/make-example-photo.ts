/**
 * Writes site/public/images/valley.jpg, the example app's photo: a procedural
 * landscape (sky, three mountain ridges, a lake, grain), 2400 x 1600, so the
 * image optimizer has a real, photo-like raster to resize. Run once; the
 * result is committed. `node scripts/make-example-photo.ts`
 */
import sharp from "sharp";

const WIDTH = 2400;
const HEIGHT = 1600;

/** A small deterministic PRNG (mulberry32), so the photo is the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ridge line: the sum of a few sines of decreasing wavelength. */
function ridge(x: number, base: number, amplitude: number, phase: number): number {
  let y = base;
  for (let octave = 1; octave <= 5; octave++) {
    y += (amplitude / octave) * Math.sin((x / WIDTH) * Math.PI * 2 * octave * 1.7 + phase * octave);
  }
  return y;
}

const rand = random(2026);
const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
const ridges = [
  { base: 700, amplitude: 120, phase: 0.3, colour: [96, 110, 140] },
  { base: 850, amplitude: 90, phase: 1.9, colour: [62, 84, 92] },
  { base: 980, amplitude: 60, phase: 4.1, colour: [38, 62, 44] },
] as const;
const LAKE = 1150;

for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    // Sky: a warm horizon fading to blue.
    const t = y / LAKE;
    let colour = [70 + 160 * t, 120 + 90 * t, 200 - 20 * t];
    for (const r of ridges) if (y > ridge(x, r.base, r.amplitude, r.phase)) colour = [...r.colour];
    if (y > LAKE) {
      // The lake mirrors the sky, darker, with ripples.
      const ripple = Math.sin(y * 0.35 + Math.sin(x * 0.01) * 3) * 12;
      colour = [40 + ripple, 70 + ripple, 110 + ripple + (y - LAKE) * 0.05];
    }
    const grain = (rand() - 0.5) * 18;
    const i = (y * WIDTH + x) * 3;
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, colour[c]! + grain));
  }
}

await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .jpeg({ quality: 85, mozjpeg: true })
  .toFile(new URL("../site/public/images/valley.jpg", import.meta.url).pathname);
