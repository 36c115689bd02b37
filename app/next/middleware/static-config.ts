/**
 * A middleware's `config.matcher` read from its source, without running it, as
 * Next.js's build reads it (its matcher must be a literal there too): for the
 * browser's copy of the site, which must know which clicks the middleware may
 * act on, and cannot load the middleware itself (it is the server's code).
 */
import { parse } from "@babel/parser";
import * as t from "@babel/types";

/** Thrown for a value that is not a literal: the matcher is then unknown. */
class NotLiteral extends Error {}

/** A literal's value: strings, numbers, booleans, null, arrays and objects of them. */
function literalValue(node: t.Node): unknown {
  if (t.isTSAsExpression(node) || t.isTSSatisfiesExpression(node) || t.isTSTypeAssertion(node))
    return literalValue(node.expression);
  if (t.isStringLiteral(node) || t.isNumericLiteral(node) || t.isBooleanLiteral(node))
    return node.value;
  if (t.isNullLiteral(node)) return null;
  if (t.isTemplateLiteral(node) && node.expressions.length === 0)
    return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join("");
  if (t.isArrayExpression(node)) {
    return node.elements.map((element) => {
      if (element === null || t.isSpreadElement(element)) throw new NotLiteral();
      return literalValue(element);
    });
  }
  if (t.isObjectExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!t.isObjectProperty(property) || property.computed) throw new NotLiteral();
      const key = t.isIdentifier(property.key)
        ? property.key.name
        : t.isStringLiteral(property.key)
          ? property.key.value
          : null;
      if (key === null) throw new NotLiteral();
      out[key] = literalValue(property.value);
    }
    return out;
  }
  throw new NotLiteral();
}

/** The initial value of the module's top-level `const <name>`, or null. */
function constInit(program: t.Program, name: string): t.Expression | null {
  for (const statement of program.body) {
    const declaration = t.isExportNamedDeclaration(statement) ? statement.declaration : statement;
    if (!t.isVariableDeclaration(declaration)) continue;
    for (const declarator of declaration.declarations) {
      if (t.isIdentifier(declarator.id) && declarator.id.name === name && declarator.init)
        return declarator.init;
    }
  }
  return null;
}

/** The object the module exports as `config`, or null. */
function exportedConfig(program: t.Program): t.Expression | null {
  for (const statement of program.body) {
    if (!t.isExportNamedDeclaration(statement)) continue;
    const declaration = statement.declaration;
    if (t.isVariableDeclaration(declaration)) {
      for (const declarator of declaration.declarations) {
        if (t.isIdentifier(declarator.id) && declarator.id.name === "config")
          return declarator.init ?? null;
      }
    }
    for (const specifier of statement.specifiers) {
      if (
        !statement.source &&
        t.isExportSpecifier(specifier) &&
        (t.isIdentifier(specifier.exported)
          ? specifier.exported.name
          : specifier.exported.value) === "config"
      ) {
        return constInit(program, specifier.local.name);
      }
    }
  }
  return null;
}

/**
 * The module's `config.matcher` as written: `{ matcher }` with `matcher`
 * undefined when it has none (the middleware runs for every path), or null when
 * it cannot be read without running the module (not a literal): the browser
 * then asks the server about every click, which is always right, only slower.
 */
export function staticMatcherOf(code: string, file: string): { matcher: unknown } | null {
  let program: t.Program;
  try {
    program = parse(code, {
      sourceType: "module",
      plugins: /\.m?tsx?$/.test(file) ? ["typescript", "jsx"] : ["jsx"],
    }).program;
  } catch {
    return null;
  }
  let config = exportedConfig(program);
  if (config === null) return { matcher: undefined };
  while (t.isTSAsExpression(config) || t.isTSSatisfiesExpression(config))
    config = config.expression;
  if (!t.isObjectExpression(config)) return null;
  let matcher: t.Node | null = null;
  for (const property of config.properties) {
    if (t.isSpreadElement(property)) return null;
    const key = property.computed
      ? null
      : t.isIdentifier(property.key)
        ? property.key.name
        : t.isStringLiteral(property.key)
          ? property.key.value
          : null;
    if (key !== "matcher") continue;
    if (!t.isObjectProperty(property)) return null;
    matcher = property.value;
  }
  if (matcher === null) return { matcher: undefined };
  try {
    return { matcher: literalValue(matcher) };
  } catch (error) {
    if (error instanceof NotLiteral) return null;
    throw error;
  }
}
