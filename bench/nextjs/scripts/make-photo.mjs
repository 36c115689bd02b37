/**
 * Writes public/images/photo.jpg, a 2400x1600 photo-like JPEG (a colour
 * gradient with noise) for the `/_next/image` optimizer to resize. Generated at
 * build time so that no binary is committed; skipped when it already exists.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const WIDTH = 2400;
const HEIGHT = 1600;
const target = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "images", "photo.jpg");

if (!existsSync(target)) {
  mkdirSync(dirname(target), { recursive: true });
  // A deterministic generator: every build makes the same bytes.
  let seed = 0x2f6b7a1d;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const noise = (random() - 0.5) * 48;
      const wave = 40 * Math.sin(x / 90) * Math.cos(y / 70);
      pixels[i] = Math.max(0, Math.min(255, (255 * x) / WIDTH + noise + wave));
      pixels[i + 1] = Math.max(0, Math.min(255, (255 * y) / HEIGHT + noise - wave));
      pixels[i + 2] = Math.max(0, Math.min(255, 160 + noise + wave));
    }
  }
  await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85, mozjpeg: false })
    .toFile(target);
  console.log(`wrote ${target}`);
}
