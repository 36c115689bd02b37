import { createContext, use, type ImgHTMLAttributes } from "react";
import {
  DEFAULT_IMAGE_QUALITY,
  embeddedSrcSet,
  isEmbeddedImage,
  responsiveImage,
  type ImageEmbedder,
  type ImageLoader,
} from "../images.ts";
import { useCanonicalOptions } from "../root-data.ts";

/**
 * The server's image embedder, while it renders a page (entry.server.tsx);
 * null in the browser, which renders the URL instead and keeps the embedded
 * file the page came with.
 */
export const ImageEmbedderContext = createContext<ImageEmbedder | null>(null);

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width"> & {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  quality?: number;
  loader?: ImageLoader;
  /**
   * The page's largest image above the fold (its Largest Contentful Paint), as
   * Next.js's `priority`: fetched at once and early. React's server renderer then
   * preloads it from the head, with its `srcset`, `sizes` and priority.
   */
  priority?: boolean;
  /**
   * One width of the image's `srcset` whose AVIF file the page carries in its
   * HTML (a `data:` URL), for the LCP image of a page whose first paint
   * matters most: a browser that picks that width paints the image with the
   * page, one round trip sooner; the others fetch their width as ever. Every
   * load of the page carries the file (at most EMBED_MAX_BYTES, else it is not
   * embedded), and the image is not preloaded from the head (React preloads no
   * image in a `<picture>`). docs/images.md#embedding-one-width.
   */
  embed?: number;
};

/**
 * An `<img>` with a `srcset` from the default size sets; lazy unless told
 * otherwise, or unless its source is embedded (`data:`, `blob:`), used as it is.
 * With `embed`, a `<picture>` whose AVIF source carries that width in the page.
 */
export function Image({
  src,
  width,
  sizes,
  quality,
  loader,
  alt,
  priority,
  embed,
  ...rest
}: ImageProps) {
  const { basePath } = useCanonicalOptions();
  const input = { src, width, sizes, quality, loader, basePath };
  const image = responsiveImage(input);
  const img = (
    <img
      // An embedded image costs no request: loading it lazily would only paint it later.
      loading={isEmbeddedImage(src) ? "eager" : "lazy"}
      decoding="async"
      {...(priority && { loading: "eager", fetchPriority: "high" })}
      {...rest}
      alt={alt}
      width={width}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
    />
  );
  if (embed === undefined) return img;
  // Throws on a mistake in the page's code before the server makes anything.
  const usual = embeddedSrcSet(input, embed, null);
  const embedder = use(ImageEmbedderContext);
  const dataUrl = embedder ? use(embedder(src, embed, quality ?? DEFAULT_IMAGE_QUALITY)) : null;
  return (
    <picture>
      <source
        type="image/avif"
        srcSet={dataUrl === null ? usual : embeddedSrcSet(input, embed, dataUrl)}
        sizes={image.sizes}
        // The browser renders URLs where the server wrote the file; React keeps what the server wrote.
        suppressHydrationWarning
      />
      {img}
    </picture>
  );
}
