/**
 * The Vite plugin of `next/font/local`: each call, at a module's top level
 * with literal options as Next.js requires, becomes a CSS module beside the
 * calling module (local-font.ts writes it; Vite bundles its font files and
 * hashes its class names) and the object Next.js gives: `className`, `style`
 * and `variable`. A call the build cannot read fails it, naming the file and
 * the line.
 */
import { parse } from "@babel/parser";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";
import { fontFamilyOf, localFontCss, localFontOptionsOf, singleFaceOf } from "./local-font.ts";

const SOURCE = "next/font/local";
const VIRTUAL = /[\\/]__next_font_\w+\.module\.css$/;
const SCRIPT = /\.(m?[jt]sx?)$/;

type Node = { type: string; start: number; end: number; loc: { start: { line: number } } } & Record<
  string,
  unknown
>;

/** A literal expression's value (what Next.js accepts as a font's options); throws on anything else. */
function literalOf(node: Node): unknown {
  switch (node.type) {
    case "StringLiteral":
    case "NumericLiteral":
    case "BooleanLiteral":
      return node.value;
    case "TemplateLiteral":
      if ((node.expressions as unknown[]).length > 0) break;
      return (node.quasis as { value: { cooked: string } }[])[0]!.value.cooked;
    case "ArrayExpression":
      return (node.elements as Node[]).map(literalOf);
    case "ObjectExpression":
      return Object.fromEntries(
        (node.properties as Node[]).map((property) => {
          const key = property.key as Node;
          if (property.type !== "ObjectProperty" || property.computed) throw literalError(property);
          const name = key.type === "Identifier" ? key.name : key.value;
          return [String(name), literalOf(property.value as Node)];
        }),
      );
  }
  throw literalError(node);
}

const literalError = (node: Node) =>
  new Error(`line ${node.loc.start.line}: the options must be written as literal values`);

export function nextFontLocal(isOwnCode: (id: string) => boolean): Plugin {
  const stylesheets = new Map<string, string>();
  return {
    name: "next-font-local",
    enforce: "pre",
    resolveId(source) {
      return VIRTUAL.test(source) && stylesheets.has(source) ? source : null;
    },
    load(id) {
      return stylesheets.get(id) ?? null;
    },
    transform(code, rawId) {
      const id = rawId.replace(/\?route-chunk=\w+$/, "");
      if (id.includes("?") || id.includes("\0") || !SCRIPT.test(id) || !isOwnCode(id)) return null;
      if (!code.includes(SOURCE)) return null;
      const fail = (message: string): never => this.error(`${id}: next/font/local: ${message}`);
      const plugins: ("jsx" | "typescript")[] = /\.m?tsx?$/.test(id) ? ["typescript"] : [];
      if (!/\.m?ts$/.test(id)) plugins.push("jsx");
      const program = parse(code, { sourceType: "module", plugins }).program as unknown as {
        body: Node[];
      };
      const out = new MagicString(code);
      let local: string | null = null;
      for (const statement of program.body) {
        if (statement.type !== "ImportDeclaration") continue;
        if ((statement.source as Node).value !== SOURCE) continue;
        const specifiers = statement.specifiers as Node[];
        const only = specifiers[0];
        if (specifiers.length !== 1 || only?.type !== "ImportDefaultSpecifier")
          fail('next/font/local has no named exports: import localFont from "next/font/local"');
        local = String((only!.local as Node).name);
        out.remove(statement.start, statement.end);
      }
      if (local === null) return null;
      let calls = 0;
      for (const statement of program.body) {
        const declaration =
          statement.type === "ExportNamedDeclaration"
            ? (statement.declaration as Node | null)
            : statement;
        if (declaration?.type !== "VariableDeclaration") continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init?.type !== "CallExpression" || (init.callee as Node).name !== local) continue;
          const name = String((declarator.id as Node).name);
          const [argument] = init.arguments as Node[];
          let options;
          try {
            if (declaration.kind !== "const") throw new Error("assign the font to a const");
            options = localFontOptionsOf(argument ? literalOf(argument) : undefined);
          } catch (error) {
            return fail(
              `line ${init.loc.start.line}: ${(error as Error).message.replace(/^line \d+: /, "")}`,
            );
          }
          const hash = createHash("sha256").update(`${id}\0${name}`).digest("hex").slice(0, 8);
          const family = `__${name}_${hash}`;
          const sheet = join(dirname(id), `__next_font_${hash}.module.css`);
          stylesheets.set(sheet, localFontCss(family, options));
          const binding = `__nextFont${calls++}`;
          out.prepend(`import ${binding} from ${JSON.stringify(sheet)};\n`);
          const { weight, style: fontStyle } = singleFaceOf(options);
          const style = {
            fontFamily: fontFamilyOf(family, options),
            ...(weight && { fontWeight: Number(weight) || weight }),
            ...(fontStyle && { fontStyle }),
          };
          out.overwrite(
            init.start,
            init.end,
            `{ className: ${binding}.className, style: ${JSON.stringify(style)}` +
              (options.variable ? `, variable: ${binding}.variable` : "") +
              " }",
          );
        }
      }
      // Any other use of it: a call the build could not read.
      const rest = out.toString();
      if (new RegExp(`\\b${local}\\s*\\(`).test(rest.replace(/import .*\n/g, "")))
        fail(
          `call it at the top level of the module, its result assigned to a const, as Next.js requires`,
        );
      return { code: rest, map: out.generateMap({ hires: "boundary", source: id }) };
    },
  };
}
