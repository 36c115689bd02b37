/**
 * `next/image`, on the shell's image component (app/components/image.tsx): the
 * default size sets, the server's optimizer (or the image's own `loader`),
 * lazy unless `priority` (or Next.js 16's `preload`). A statically imported
 * image (`import hero from "../public/hero.jpg"`) brings its own width and
 * height; `fill` makes it cover its positioned parent; `unoptimized` serves
 * the file as it is.
 */
import type { CSSProperties, ImgHTMLAttributes } from "react";
import { Image as ShellImage } from "../components/image.tsx";
import type { ImageLoader } from "../images.ts";

export interface StaticImageData {
  src: string;
  height: number;
  width: number;
  blurDataURL?: string;
  blurWidth?: number;
  blurHeight?: number;
}

export type ImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "ref" | "alt" | "width" | "height" | "loading"
> & {
  src: string | StaticImageData | { default: StaticImageData };
  alt: string;
  width?: number | `${number}`;
  height?: number | `${number}`;
  fill?: boolean;
  loader?: ImageLoader;
  quality?: number | `${number}`;
  priority?: boolean;
  preload?: boolean;
  loading?: "eager" | "lazy";
  placeholder?: "blur" | "empty" | `data:image/${string}`;
  blurDataURL?: string;
  unoptimized?: boolean;
  overrideSrc?: string;
  onLoadingComplete?: (img: HTMLImageElement) => void;
  /**
   * The shell's own: one width whose file the page carries in its HTML, for the
   * page's largest image (app/components/image.tsx; docs/images.md). Next.js
   * writes it as an attribute and ignores it.
   */
  embed?: number;
};

const number = (value: number | `${number}` | undefined) =>
  value === undefined ? undefined : Number(value);

function staticData(src: ImageProps["src"]): StaticImageData | null {
  if (typeof src === "string") return null;
  return "default" in src ? src.default : src;
}

export default function Image({
  src: srcProp,
  width: widthProp,
  height: heightProp,
  fill = false,
  quality,
  priority = false,
  preload = false,
  placeholder = "empty",
  blurDataURL: blurProp,
  unoptimized = false,
  overrideSrc,
  onLoadingComplete,
  onLoad,
  style,
  sizes: sizesProp,
  loader,
  embed,
  ...rest
}: ImageProps) {
  const fromImport = staticData(srcProp);
  const src = fromImport?.src ?? (srcProp as string);
  const width = fill ? undefined : (number(widthProp) ?? fromImport?.width);
  const height = fill ? undefined : (number(heightProp) ?? fromImport?.height);
  const blurDataURL =
    placeholder === "blur"
      ? (blurProp ?? fromImport?.blurDataURL)
      : placeholder.startsWith("data:image/")
        ? placeholder
        : undefined;
  const imageStyle: CSSProperties = {
    color: "transparent",
    ...(fill && { position: "absolute", height: "100%", width: "100%", inset: 0 }),
    ...(blurDataURL && {
      backgroundImage: `url("${blurDataURL}")`,
      backgroundSize: "cover",
      backgroundPosition: "50% 50%",
      backgroundRepeat: "no-repeat",
    }),
    ...style,
  };
  const handleLoad: ImgHTMLAttributes<HTMLImageElement>["onLoad"] = (event) => {
    onLoad?.(event);
    onLoadingComplete?.(event.currentTarget);
  };
  const eager = priority || preload;
  if (unoptimized) {
    return (
      <img
        {...rest}
        src={overrideSrc ?? src}
        width={width}
        height={height}
        loading={eager ? "eager" : ((rest as { loading?: "eager" | "lazy" }).loading ?? "lazy")}
        decoding="async"
        data-nimg={fill ? "fill" : "1"}
        style={imageStyle}
        onLoad={handleLoad}
        {...(eager && { fetchPriority: "high" })}
      />
    );
  }
  return (
    <ShellImage
      {...rest}
      src={src}
      width={width}
      height={height}
      sizes={sizesProp ?? (fill ? "100vw" : undefined)}
      quality={number(quality)}
      loader={loader}
      embed={embed}
      priority={eager}
      // Eager without saying so, as Next.js's priority images are (lazy otherwise).
      {...(eager && { loading: undefined })}
      data-nimg={fill ? "fill" : "1"}
      style={imageStyle}
      onLoad={handleLoad}
    />
  );
}
