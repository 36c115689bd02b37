import type { ImgHTMLAttributes } from "react";
import { isEmbeddedImage, responsiveImage, type ImageLoader } from "../images.ts";
import { useCanonicalOptions } from "../root-data.ts";

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
};

/**
 * An `<img>` with a `srcset` from the default size sets; lazy unless told
 * otherwise, or unless its source is embedded (`data:`, `blob:`), used as it is.
 */
export function Image({ src, width, sizes, quality, loader, alt, priority, ...rest }: ImageProps) {
  const { basePath } = useCanonicalOptions();
  const image = responsiveImage({ src, width, sizes, quality, loader, basePath });
  return (
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
}
