import { describe, expect, test } from "vitest";
import {
  DEVICE_SIZES,
  embeddedSrcSet,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  isEmbeddedImage,
  optimizerImageLoader,
  queryImageLoader,
  responsiveImage,
  type ResponsiveImageInput,
} from "../../app/images.ts";

test("the default size sets", () => {
  expect(DEVICE_SIZES).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
  expect(IMAGE_SIZES).toEqual([32, 48, 64, 96, 128, 256, 384]);
});

describe("responsiveImage", () => {
  test.each([
    [
      { src: "/a.png", width: 100 },
      { src: "/a.png?w=256&q=75", srcSet: "/a.png?w=128&q=75 1x, /a.png?w=256&q=75 2x" },
    ],
    [
      { src: "/a.png", width: 48 },
      { src: "/a.png?w=96&q=75", srcSet: "/a.png?w=48&q=75 1x, /a.png?w=96&q=75 2x" },
    ],
    [
      { src: "/a.png", width: 5000 },
      { src: "/a.png?w=3840&q=75", srcSet: "/a.png?w=3840&q=75 1x" },
    ],
    [
      { src: "/a.png?v=2", width: 32, quality: 90 },
      { src: "/a.png?v=2&w=64&q=90", srcSet: "/a.png?v=2&w=32&q=90 1x, /a.png?v=2&w=64&q=90 2x" },
    ],
  ])("fixed width %j -> 1x/2x %j", (input: ResponsiveImageInput, expected) => {
    expect(responsiveImage({ ...input, loader: queryImageLoader })).toEqual(expected);
  });

  test("no width: every device size, for the full viewport", () => {
    const image = responsiveImage({ src: "/hero.jpg", loader: queryImageLoader });
    expect(image.sizes).toBe("100vw");
    expect(image.srcSet!.split(", ").map((c) => c.split(" ")[1])).toEqual(
      DEVICE_SIZES.map((w) => `${w}w`),
    );
    expect(image.src).toBe("/hero.jpg?w=3840&q=75");
  });

  test("sizes in vw: widths from the smallest share of the smallest device up", () => {
    const image = responsiveImage({
      src: "/p.jpg",
      sizes: "(max-width: 768px) 50vw, 33vw",
      loader: queryImageLoader,
    });
    // 640 * 0.33 = 211.2: 256 is the first useful width.
    expect(image.srcSet!.split(", ")[0]).toBe("/p.jpg?w=256&q=75 256w");
    expect(image.sizes).toBe("(max-width: 768px) 50vw, 33vw");
  });

  test("a custom loader builds every URL", () => {
    const image = responsiveImage({
      src: "cat.jpg",
      width: 64,
      loader: ({ src, width }) => `https://cdn.example/${width}/${src}`,
    });
    expect(image.srcSet).toBe(
      "https://cdn.example/64/cat.jpg 1x, https://cdn.example/128/cat.jpg 2x",
    );
  });
});

describe("the default loader: the server's image optimizer", () => {
  test("every URL names the source, a width of the sets and the quality", () => {
    const image = responsiveImage({ src: "/images/a b.jpg", width: 100 });
    expect(image).toEqual({
      src: "/_image?src=%2Fimages%2Fa%20b.jpg&w=256&q=75",
      srcSet:
        "/_image?src=%2Fimages%2Fa%20b.jpg&w=128&q=75 1x, /_image?src=%2Fimages%2Fa%20b.jpg&w=256&q=75 2x",
    });
  });

  test("it asks only for widths the optimizer accepts", () => {
    for (const input of [{ width: 1 }, { width: 700 }, { sizes: "33vw" }, {}]) {
      const { srcSet } = responsiveImage({ src: "/p.jpg", ...input });
      const widths = srcSet!.split(", ").map((c) => Number(/&w=(\d+)&/.exec(c)![1]));
      for (const w of widths) expect(IMAGE_WIDTHS).toContain(w);
    }
  });

  test.each(["/images/shell.svg", "/logo.SVG?v=3", "https://cdn.example/x.svg"])(
    "a vector image %s is the same at every width: no srcset, its own URL",
    (src) => {
      expect(responsiveImage({ src, width: 120 })).toEqual({ src });
    },
  );

  const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  test.each([
    ["a data: URL of fixed width", { src: PIXEL, width: 120 }],
    ["a data: URL, under a base path", { src: PIXEL, sizes: "50vw", basePath: "/shop" }],
    ["an upper-case DATA: URL", { src: "DATA:image/png;base64,iVBORw0KGgo=", quality: 90 }],
    [
      "a blob: URL, with a loader",
      { src: "blob:https://a.example/0b1c", loader: queryImageLoader },
    ],
  ] satisfies [string, ResponsiveImageInput][])(
    "%s is used as it is: no loader, no base path, no srcset",
    (_, input) => {
      expect(responsiveImage(input)).toEqual({ src: input.src });
    },
  );

  test.each([
    ["data:image/avif;base64,AAAA", true],
    ["Blob:https://example.com/1", true],
    ["/images/data:x.png", false],
    ["/data.png", false],
    ["https://cdn.example/blob.jpg", false],
  ])("isEmbeddedImage(%s) is %s", (src, embedded) => {
    expect(isEmbeddedImage(src)).toBe(embedded);
  });
});

describe("embeddedSrcSet: one width of the srcset travels in the page", () => {
  const FILE = "data:image/avif;base64,AAAAHGZ0eXBhdmlm";
  const photo = { src: "/images/p.jpg", sizes: "(min-width: 800px) 50vw, 100vw" };

  test("that width's candidate is the file, the wider ones keep their URLs, the narrower go", () => {
    const usual = responsiveImage(photo).srcSet!.split(", ");
    const at = usual.findIndex((c) => c.endsWith(" 750w"));
    expect(usual.slice(0, at).map((c) => c.split(" ")[1])).toEqual(["384w", "640w"]);
    expect(embeddedSrcSet(photo, 750, FILE).split(", ")).toEqual([
      `${FILE} 750w`,
      ...usual.slice(at + 1),
    ]);
  });

  test("embedding the narrowest width replaces it only", () => {
    const usual = responsiveImage(photo).srcSet!.split(", ");
    expect(embeddedSrcSet(photo, 384, FILE).split(", ")).toEqual([
      `${FILE} 384w`,
      ...usual.slice(1),
    ]);
  });

  test("without the file (in the browser, or a file not embedded): the usual srcset", () => {
    expect(embeddedSrcSet(photo, 750, null)).toBe(responsiveImage(photo).srcSet);
  });

  test("a fixed-size image embeds its 1x or its 2x width; the base path stays on the URLs", () => {
    const input = { src: "/a.png", width: 100, basePath: "/shop" };
    expect(embeddedSrcSet(input, 128, FILE)).toBe(
      `${FILE} 1x, /shop/_image?src=%2Fa.png&w=256&q=75 2x`,
    );
    expect(embeddedSrcSet(input, 256, FILE)).toBe(`${FILE} 2x`);
  });

  test("the optimizer's loader, named as the page's, is the default's", () => {
    expect(embeddedSrcSet({ ...photo, loader: optimizerImageLoader }, 750, FILE)).toBe(
      embeddedSrcSet(photo, 750, FILE),
    );
  });

  test.each([
    [photo, 700, "700 is not one of the image's widths (384, 640, 750,"],
    [{ src: "/p.jpg", width: 100 }, 750, "750 is not one of the image's widths (128, 256)"],
    [{ src: "/logo.svg", width: 120 }, 128, "a vector or embedded image has no widths to embed"],
    [{ src: FILE, width: 120 }, 128, "a vector or embedded image has no widths to embed"],
    [
      { ...photo, loader: queryImageLoader },
      750,
      "only an image served by the optimizer can be embedded",
    ],
  ] satisfies [ResponsiveImageInput, number, string][])(
    "a mistake in the page's code is named: %j embed=%i",
    (input, width, message) => {
      expect(() => embeddedSrcSet(input, width, FILE)).toThrow(message);
      expect(() => embeddedSrcSet(input, width, null)).toThrow(message);
    },
  );
});
