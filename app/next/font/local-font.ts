/**
 * `next/font/local`, as Next.js reads a call of it: the options checked as
 * Next.js checks them, and the stylesheet a call stands for (a CSS module:
 * its `@font-face` rules, a class that sets the font, and one that sets its CSS
 * variable). Pure: plugin.ts finds the calls and makes the modules.
 */

/** A font file of the family: its path (relative to the calling module), weight and style. */
export interface FontFile {
  readonly path: string;
  readonly weight?: string;
  readonly style?: string;
}

export interface LocalFontOptions {
  readonly src: readonly FontFile[];
  readonly display: string;
  readonly weight?: string;
  readonly style?: string;
  readonly fallback?: readonly string[];
  readonly variable?: string;
  readonly declarations?: readonly { readonly prop: string; readonly value: string }[];
}

const DISPLAY = ["auto", "block", "swap", "fallback", "optional"];
const FORMAT: Readonly<Record<string, string>> = {
  woff: "woff",
  woff2: "woff2",
  ttf: "truetype",
  otf: "opentype",
  eot: "embedded-opentype",
};
const RESERVED_DECLARATIONS = ["src", "font-display", "font-weight", "font-style"];
/** Options the shell takes and has no use for (Next.js's fallback metrics, preloading). */
const IGNORED = ["preload", "adjustFontFallback"];
const KNOWN = [
  "src",
  "display",
  "weight",
  "style",
  "fallback",
  "variable",
  "declarations",
  ...IGNORED,
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const optionalString = (value: unknown, at: string): string | undefined => {
  if (value === undefined || typeof value === "string") return value;
  throw new Error(`${at} must be a string`);
};

/** A call's options checked; throws what is wrong, as Next.js words it where it can. */
export function localFontOptionsOf(value: unknown): LocalFontOptions {
  if (!isObject(value)) throw new Error("next/font/local takes one object of options");
  const unknown = Object.keys(value).filter((key) => !KNOWN.includes(key));
  if (unknown.length > 0)
    throw new Error(`unknown option${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
  const display = value.display ?? "swap";
  if (typeof display !== "string" || !DISPLAY.includes(display))
    throw new Error(
      `Invalid display value \`${String(display)}\`. Available: ${DISPLAY.join(", ")}`,
    );
  const weight = optionalString(value.weight, "weight");
  const style = optionalString(value.style, "style");
  if (value.src === undefined) throw new Error("Missing required `src` property");
  const files: unknown[] = Array.isArray(value.src)
    ? value.src
    : [{ path: value.src, weight, style }];
  if (files.length === 0) throw new Error("Unexpected empty `src` array.");
  const src = files.map((file, i): FontFile => {
    if (!isObject(file) || typeof file.path !== "string")
      throw new Error(`src[${i}] must be { path, weight?, style? }`);
    if (!/\.(woff2?|ttf|otf|eot)$/i.test(file.path))
      throw new Error(`Unexpected file \`${file.path}\``);
    return {
      path: file.path,
      weight: optionalString(file.weight, `src[${i}].weight`),
      style: optionalString(file.style, `src[${i}].style`),
    };
  });
  const fallback = value.fallback;
  if (
    fallback !== undefined &&
    !(Array.isArray(fallback) && fallback.every((f) => typeof f === "string"))
  )
    throw new Error("fallback must be a list of font names");
  const variable = optionalString(value.variable, "variable");
  if (variable !== undefined && !/^--[\w-]+$/.test(variable))
    throw new Error(`variable \`${variable}\` must be a CSS custom property name (--font-name)`);
  const declarations = value.declarations;
  if (declarations !== undefined) {
    if (
      !Array.isArray(declarations) ||
      !declarations.every(
        (d) => isObject(d) && typeof d.prop === "string" && typeof d.value === "string",
      )
    )
      throw new Error("declarations must be a list of { prop, value }");
    for (const { prop } of declarations as { prop: string }[])
      if (RESERVED_DECLARATIONS.includes(prop))
        throw new Error(`Invalid declaration prop: \`${prop}\``);
  }
  return {
    src,
    display,
    weight,
    style,
    fallback: fallback as string[] | undefined,
    variable,
    declarations: declarations as LocalFontOptions["declarations"],
  };
}

/**
 * The weight and style the whole family has: a family of one file's (its own,
 * else the options'); none for several files, each face having its own.
 */
export function singleFaceOf(options: LocalFontOptions): { weight?: string; style?: string } {
  if (options.src.length !== 1) return {};
  const [file] = options.src;
  return { weight: file!.weight ?? options.weight, style: file!.style ?? options.style };
}

/** A CSS string, quoted. */
const quoted = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** The family's `font-family` value: its own name, then its fallbacks. */
export function fontFamilyOf(family: string, options: LocalFontOptions): string {
  return [quoted(family), ...(options.fallback ?? [])].join(", ");
}

/**
 * The CSS module a call stands for: a `@font-face` for each file (its `url()`
 * relative to the calling module, which the CSS module sits beside), the
 * `className` class that sets the family (and the weight and style of a
 * family of one file), and the `variable` class that sets the CSS variable.
 */
export function localFontCss(family: string, options: LocalFontOptions): string {
  const faces = options.src.map((file) => {
    const extension = /\.(\w+)$/.exec(file.path)![1]!.toLowerCase();
    const custom = options.declarations ?? [];
    const properties = [
      ...custom.map(({ prop, value }) => [prop, value]),
      ...(custom.some(({ prop }) => prop === "font-family")
        ? []
        : [["font-family", quoted(family)]]),
      ["src", `url(${JSON.stringify(file.path)}) format('${FORMAT[extension]}')`],
      ["font-display", options.display],
      ...((file.weight ?? options.weight) ? [["font-weight", file.weight ?? options.weight]] : []),
      ...((file.style ?? options.style) ? [["font-style", file.style ?? options.style]] : []),
    ];
    return `@font-face {\n${properties.map(([p, v]) => `  ${p}: ${v};`).join("\n")}\n}\n`;
  });
  const { weight, style } = singleFaceOf(options);
  const className = [
    `  font-family: ${fontFamilyOf(family, options)};`,
    ...(weight && !weight.includes(" ") ? [`  font-weight: ${weight};`] : []),
    ...(style ? [`  font-style: ${style};`] : []),
  ];
  return [
    ...faces,
    `.className {\n${className.join("\n")}\n}\n`,
    ...(options.variable
      ? [`.variable {\n  ${options.variable}: ${fontFamilyOf(family, options)};\n}\n`]
      : []),
  ].join("\n");
}
