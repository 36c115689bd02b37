import { describe, expect, test } from "vitest";
import { localFontCss, localFontOptionsOf } from "../../../app/next/font/local-font.ts";

describe("next/font/local's options, checked as Next.js checks them", () => {
  test.each([
    [undefined, "next/font/local takes one object of options"],
    [{}, "Missing required `src` property"],
    [{ src: [] }, "Unexpected empty `src` array."],
    [{ src: "./font.css" }, "Unexpected file `./font.css`"],
    [{ src: "./a.woff2", display: "later" }, "Invalid display value `later`"],
    [{ src: "./a.woff2", variable: "font" }, "variable `font` must be a CSS custom property name"],
    [{ src: "./a.woff2", subsets: ["latin"] }, "unknown option subsets"],
    [
      { src: "./a.woff2", declarations: [{ prop: "src", value: "x" }] },
      "Invalid declaration prop: `src`",
    ],
    [{ src: [{ weight: "400" }] }, "src[0] must be { path, weight?, style? }"],
  ])("%j: %s", (options, message) => {
    expect(() => localFontOptionsOf(options)).toThrow(message);
  });

  test("one file: swap by default, Next.js's options it has no use for taken", () => {
    expect(
      localFontOptionsOf({ src: "./a.woff2", preload: false, adjustFontFallback: false }),
    ).toEqual({
      src: [{ path: "./a.woff2", weight: undefined, style: undefined }],
      display: "swap",
      weight: undefined,
      style: undefined,
      fallback: undefined,
      variable: undefined,
      declarations: undefined,
    });
  });
});

describe("the stylesheet a call stands for", () => {
  test("a face for each file, the class that sets the family and the one that sets its variable", () => {
    const css = localFontCss(
      "__brand_1",
      localFontOptionsOf({
        src: [
          { path: "./Brand-Regular.woff2", weight: "400" },
          { path: "./Brand-Italic.ttf", weight: "400", style: "italic" },
        ],
        fallback: ["system-ui", "arial"],
        variable: "--font-brand",
      }),
    );
    expect(css).toContain(
      "@font-face {\n  font-family: '__brand_1';\n  src: url(\"./Brand-Regular.woff2\") format('woff2');\n  font-display: swap;\n  font-weight: 400;\n}",
    );
    expect(css).toContain("src: url(\"./Brand-Italic.ttf\") format('truetype');");
    expect(css).toContain("font-style: italic;\n}");
    // Two files: the class leaves the weight and style to each element.
    expect(css).toContain(".className {\n  font-family: '__brand_1', system-ui, arial;\n}");
    expect(css).toContain(".variable {\n  --font-brand: '__brand_1', system-ui, arial;\n}");
  });

  test("one file of one weight: the class sets it; a family named by the site's declarations", () => {
    const css = localFontCss(
      "__brand_1",
      localFontOptionsOf({
        src: "./Brand.woff",
        weight: "700",
        declarations: [{ prop: "font-family", value: "'Brand'" }],
      }),
    );
    expect(css).toContain("@font-face {\n  font-family: 'Brand';\n  src:");
    expect(css).toContain(".className {\n  font-family: '__brand_1';\n  font-weight: 700;\n}");
    expect(css).not.toContain(".variable");
  });
});
