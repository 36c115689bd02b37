import type { ImgHTMLAttributes } from "react";
import { responsiveImage, type ImageLoader } from "../images.ts";

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width"> & {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  quality?: number;
  loader?: ImageLoader;
};

/** An `<img>` with a `srcset` from the default size sets; lazy unless told otherwise. */
export function Image({ src, width, sizes, quality, loader, alt, ...rest }: ImageProps) {
  const image = responsiveImage({ src, width, sizes, quality, loader });
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      alt={alt}
      width={width}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
    />
  );
}
