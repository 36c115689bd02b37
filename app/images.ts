/**
 * Default size sets for responsive images, the same as Next.js's: an `<img>`
 * gets a `srcset` from these widths, so browsers fetch no more pixels than the
 * layout needs. The URLs come from a loader: by default the server's image
 * optimizer (server/steps/images/), which accepts exactly these widths; or your
 * image CDN.
 */

/** Widths of common device screens, for images as wide as (a share of) the viewport. */
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Widths of small fixed-size images: icons, avatars, thumbnails. */
export const IMAGE_SIZES = [32, 48, 64, 96, 128, 256, 384] as const;

const ALL_SIZES = [...IMAGE_SIZES, ...DEVICE_SIZES].sort((a, b) => a - b);
/** Every width a loader is asked for: the only widths the image optimizer accepts. */
export const IMAGE_WIDTHS: readonly number[] = ALL_SIZES;
export const DEFAULT_IMAGE_QUALITY = 75;

/** The server's image optimizer: `/_image?src=/images/a.jpg&w=640&q=75`. */
export const IMAGE_ENDPOINT = "/_image";

export interface ImageLoaderArgs {
  src: string;
  width: number;
  quality: number;
}
export type ImageLoader = (args: ImageLoaderArgs) => string;

/** The server's own optimizer (server/steps/images/): the default. */
export const optimizerImageLoader: ImageLoader = ({ src, width, quality }) =>
  `${IMAGE_ENDPOINT}?src=${encodeURIComponent(src)}&w=${width}&q=${quality}`;

/** `?w=&q=` on the image's own URL, the query most image CDNs and resizers read. */
export const queryImageLoader: ImageLoader = ({ src, width, quality }) =>
  `${src}${src.includes("?") ? "&" : "?"}w=${width}&q=${quality}`;

export const defaultImageLoader: ImageLoader = optimizerImageLoader;

export interface ResponsiveImageInput {
  src: string;
  /** The rendered width in CSS pixels, for a fixed-size image. */
  width?: number;
  /** The `sizes` attribute, for an image whose width follows the layout. */
  sizes?: string;
  quality?: number;
  /** Default: the server's optimizer, below the site's base path. */
  loader?: ImageLoader;
  /**
   * The site's base path (`/shop`), or "": the optimizer's endpoint and a local
   * vector image are served below it. A source is named as the public folder
   * names it (`/images/a.jpg`), without it.
   */
  basePath?: string;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

function widthsFor({ width, sizes }: ResponsiveImageInput): { widths: number[]; kind: "w" | "x" } {
  if (sizes) {
    // The smallest share of the viewport the image can take bounds the smallest useful width.
    const shares = [...sizes.matchAll(/(?:^|\s)(1?\d?\d)vw/g)].map((m) => Number(m[1]) / 100);
    if (shares.length === 0) return { widths: ALL_SIZES, kind: "w" };
    const smallest = DEVICE_SIZES[0] * Math.min(...shares);
    return { widths: ALL_SIZES.filter((size) => size >= smallest), kind: "w" };
  }
  if (width === undefined) return { widths: [...DEVICE_SIZES], kind: "w" };
  // A fixed-size image needs 1x and 2x (high-density screens), each rounded up to a known size.
  const pick = (w: number) => ALL_SIZES.find((size) => size >= w) ?? ALL_SIZES.at(-1)!;
  return { widths: [...new Set([pick(width), pick(width * 2)])], kind: "x" };
}

/**
 * A vector image is the same file at every width: it gets no `srcset`, and no
 * loader (the optimizer would only pass it through).
 */
export function isVectorImage(src: string): boolean {
  return /\.svg$/i.test(src.split(/[?#]/, 1)[0]!);
}

/**
 * An image whose bytes are in its URL (`data:`) or in the page's memory (`blob:`):
 * there is nothing to resize or to fetch, so it is used as it is and never lazy,
 * as Next.js's `<Image>` does. A `data:` URL is how a page carries a small image
 * in its own document, with no request of its own.
 */
export function isEmbeddedImage(src: string): boolean {
  return /^(?:data|blob):/i.test(src);
}

interface Candidate {
  readonly width: number;
  /** `640w`, or `2x` for a fixed-size image. */
  readonly descriptor: string;
  readonly url: string;
}

/** The `srcset`'s candidates of a raster image, smallest first. */
function candidatesOf(input: ResponsiveImageInput): Candidate[] {
  const { src, quality = DEFAULT_IMAGE_QUALITY, basePath = "" } = input;
  const loader: ImageLoader =
    input.loader ??
    (basePath === "" ? defaultImageLoader : (args) => basePath + defaultImageLoader(args));
  const { widths, kind } = widthsFor(input);
  return widths.map((width, i) => ({
    width,
    descriptor: kind === "w" ? `${width}w` : `${i + 1}x`,
    url: loader({ src, width, quality }),
  }));
}

const srcSetOf = (candidates: readonly Candidate[]) =>
  candidates.map(({ url, descriptor }) => `${url} ${descriptor}`).join(", ");

export function responsiveImage(input: ResponsiveImageInput): ResponsiveImage {
  const { src, sizes, basePath = "" } = input;
  if (isEmbeddedImage(src)) return { src };
  // A file of the public folder (`/a.svg`, not `//cdn/a.svg`) is served below the base path.
  if (isVectorImage(src)) return { src: /^\/(?!\/)/.test(src) ? basePath + src : src };
  const candidates = candidatesOf(input);
  return {
    src: candidates.at(-1)!.url,
    srcSet: srcSetOf(candidates),
    ...(candidates[0]!.descriptor.endsWith("w") && { sizes: sizes ?? "100vw" }),
  };
}

/**
 * Files larger than this are not embedded in a page: every load of the page
 * carries the file again, a third larger in base64, cached by nothing but the
 * page. 8 KiB, webpack's limit for inlining an asset (Vite's is 4 KiB).
 */
export const EMBED_MAX_BYTES = 8 * 1024;

/**
 * Given by the server when it renders a page: the `data:` URL of one width of
 * an image, made by its optimizer, or null when that file cannot be embedded
 * (server/steps/images/embed.ts). Never rejects, and answers one render the
 * same promise for the same image.
 */
export type ImageEmbedder = (src: string, width: number, quality: number) => Promise<string | null>;

/**
 * The `srcset` of an image of which one width travels in the page itself: the
 * candidate of `width` is `dataUrl` (that width's file, from the server's
 * optimizer), the wider ones are the usual URLs, and the narrower ones are left
 * out. A browser that would pick that width or a narrower one paints the file
 * the page brought, with no request of its own (were the narrower URLs listed,
 * Chromium's preload scanner would fetch one, not knowing a wider file is at
 * hand); one that picks a wider width fetches it as ever. Without `dataUrl` (in
 * the browser, or when the file could not be embedded), the usual `srcset`.
 *
 * Throws when the image cannot be embedded that way, a mistake in the page's
 * code: `width` is not one of its candidates, it has no candidates (vector,
 * embedded), or its files come from another loader than the server's optimizer,
 * which is what makes the embedded file.
 */
export function embeddedSrcSet(
  input: ResponsiveImageInput,
  width: number,
  dataUrl: string | null,
): string {
  const what = `<Image src="${input.src}" embed={${width}}>`;
  if (isEmbeddedImage(input.src) || isVectorImage(input.src)) {
    throw new Error(`${what}: a vector or embedded image has no widths to embed`);
  }
  if ((input.loader ?? defaultImageLoader) !== optimizerImageLoader) {
    throw new Error(
      `${what}: only an image served by the optimizer can be embedded, not a loader's`,
    );
  }
  const candidates = candidatesOf(input);
  if (!candidates.some((c) => c.width === width)) {
    const widths = candidates.map((c) => c.width).join(", ");
    throw new Error(`${what}: ${width} is not one of the image's widths (${widths})`);
  }
  if (dataUrl === null) return srcSetOf(candidates);
  return srcSetOf(
    candidates.flatMap((c) =>
      c.width < width ? [] : [c.width === width ? { ...c, url: dataUrl } : c],
    ),
  );
}
