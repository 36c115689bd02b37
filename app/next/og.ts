/**
 * `next/og`: `ImageResponse`, a PNG drawn from JSX and CSS (an Open Graph card,
 * a social preview), as Next.js draws it: Satori lays the element out as SVG,
 * in Vercel's default font (Geist, from `@vercel/og`, the package Next.js
 * bundles), and sharp makes the PNG, as `@vercel/og` does when sharp is there.
 * (`@vercel/og`'s own Node build needs a bundler's `require` and `__dirname`,
 * which the server's modules do not have.) The server's alone: never in a
 * tab's code. Emoji are drawn from the fonts given, never fetched.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ReactNode } from "react";
import satori, { type SatoriOptions } from "satori";
import sharp from "sharp";

type Font = SatoriOptions["fonts"][number];

export interface ImageResponseOptions {
  /** The image's width in pixels: 1200 unless given. */
  width?: number;
  /** The image's height in pixels: 630 unless given. */
  height?: number;
  /** The fonts the text is set in; Geist unless given. */
  fonts?: Font[];
  /** Accepted as Next.js accepts it; emoji come from the fonts given. */
  emoji?: string;
  /** Satori's layout boxes drawn over the image. */
  debug?: boolean;
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
}

let defaultFonts: Promise<Font[]> | undefined;

/** Geist, the font `@vercel/og` draws with unless given others, read once. */
function geist(): Promise<Font[]> {
  defaultFonts ??= (async () => {
    const pkg = createRequire(import.meta.url).resolve("@vercel/og/package.json");
    const data = await readFile(join(dirname(pkg), "dist", "Geist-Regular.ttf"));
    return [{ name: "geist", data, weight: 400, style: "normal" }];
  })();
  return defaultFonts;
}

async function png(element: ReactNode, options: ImageResponseOptions): Promise<Uint8Array> {
  const width = options.width ?? 1200;
  const height = options.height ?? 630;
  const svg = await satori(element, {
    width,
    height,
    debug: options.debug ?? false,
    fonts: options.fonts ?? (await geist()),
  });
  return new Uint8Array(await sharp(Buffer.from(svg)).resize(width).png().toBuffer());
}

/** A Response whose body is the PNG of `element`, drawn when the body is read, as Next.js's. */
export class ImageResponse extends Response {
  constructor(element: ReactNode, options: ImageResponseOptions = {}) {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          controller.enqueue(await png(element, options));
          controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    });
    super(body, {
      headers: {
        "content-type": "image/png",
        "cache-control":
          process.env.NODE_ENV === "development"
            ? "no-cache, no-store"
            : "public, immutable, no-transform, max-age=31536000",
        ...options.headers,
      },
      ...(options.status !== undefined && { status: options.status }),
      ...(options.statusText !== undefined && { statusText: options.statusText }),
    });
  }
}
