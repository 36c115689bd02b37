/**
 * A Next.js page module made a React Router route module, at build time:
 *
 * - its component stays its default export, and is handed to the shell through
 *   `handle` (React Router wraps the default export, statics and all);
 * - `getServerSideProps`, `getStaticProps` and `getStaticPaths` stay exported
 *   on the server, where a `loader` added to the module runs them; in the
 *   browser they are removed, with every import and declaration only they used,
 *   as Next.js's own build removes them (a database client never reaches a tab);
 * - a `clientLoader` added to the module loads the page's data on a navigation
 *   (from `/_next/data/...`, or its `getInitialProps` in the browser).
 *
 * A module that exports React Router's route exports (`loader`, `meta`, ...) is
 * a React Router route module, and is left as it is. A module that mixes both,
 * or breaks a rule Next.js's build enforces, is refused, naming the file.
 */
import { parse, type ParserPlugin } from "@babel/parser";
import _generate from "@babel/generator";
import _traverse, { type NodePath } from "@babel/traverse";
import * as t from "@babel/types";
import { deadCodeElimination, findReferencedIdentifiers } from "babel-dead-code-elimination";
import type { PageData, PageMeta } from "../page/types.ts";

// Both are CommonJS packages: their default export arrives wrapped under ESM.
const traverse = ((_traverse as unknown as { default?: typeof _traverse }).default ??
  _traverse) as typeof _traverse;
const generate = ((_generate as unknown as { default?: typeof _generate }).default ??
  _generate) as typeof _generate;

/** The exports that make a module a React Router route module. */
export const ROUTE_MODULE_EXPORTS = [
  "loader",
  "clientLoader",
  "action",
  "clientAction",
  "middleware",
  "clientMiddleware",
  "headers",
  "meta",
  "links",
  "handle",
  "shouldRevalidate",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
] as const;

/** A page's data functions, which run only on the server. */
export const DATA_FUNCTIONS = ["getServerSideProps", "getStaticProps", "getStaticPaths"] as const;
type DataFunction = (typeof DATA_FUNCTIONS)[number];
const isDataFunction = (name: string): name is DataFunction =>
  (DATA_FUNCTIONS as readonly string[]).includes(name);

/**
 * What the browser's copy never has: the data functions, and `sitemapPaths`,
 * the shell's own export naming the paths the sitemap lists for a page that
 * cannot have getStaticPaths (one with getServerSideProps).
 */
export const SERVER_ONLY_EXPORTS = [...DATA_FUNCTIONS, "sitemapPaths"] as const;

export interface PageModuleOptions {
  /** The file, relative to the pages folder, for messages and the page's meta. */
  readonly file: string;
  /** Whether the page's route has a dynamic segment (`[slug]`). */
  readonly dynamic: boolean;
  /** The browser's copy loses the data functions; the server's keeps them and gains a loader. */
  readonly environment: "client" | "server";
  /** Where the shell's page runtime is, as an import specifier. */
  readonly runtime: { readonly client: string; readonly server: string };
  /** For a special file (`_app`, `404`, ...): only the data functions are removed, nothing is added. */
  readonly special?: boolean;
}

/** A page the build refuses, with the reason and the file. */
export class PageModuleError extends Error {
  constructor(file: string, problem: string) {
    super(`pages/${file}: ${problem}`);
    this.name = "PageModuleError";
  }
}

function parserPlugins(file: string): ParserPlugin[] {
  if (/\.tsx$/.test(file)) return ["typescript", "jsx"];
  if (/\.[cm]?ts$/.test(file)) return ["typescript"];
  return ["jsx"];
}

const exportedName = (node: t.Identifier | t.StringLiteral) =>
  node.type === "Identifier" ? node.name : node.value;

/** The names a module exports, and where each one's value lives. */
interface ModuleExports {
  readonly names: Set<string>;
  /** Each data function's local binding, or the import that brings it (re-exports). */
  readonly locals: Map<DataFunction, string>;
  /** The local binding of `export const config` (or `export { x as config }`); null for none. */
  readonly configLocal: string | null;
  readonly hasDefault: boolean;
  readonly exportsAll: boolean;
}

function exportsOf(ast: t.File): ModuleExports {
  const names = new Set<string>();
  const locals = new Map<DataFunction, string>();
  let configLocal: string | null = null;
  let hasDefault = false;
  let exportsAll = false;
  for (const statement of ast.program.body) {
    if (statement.type === "ExportDefaultDeclaration") {
      hasDefault = true;
      names.add("default");
    } else if (statement.type === "ExportAllDeclaration") {
      exportsAll = true;
    } else if (statement.type === "ExportNamedDeclaration") {
      const declaration = statement.declaration;
      if (declaration?.type === "VariableDeclaration") {
        for (const declarator of declaration.declarations) {
          for (const name of Object.keys(t.getBindingIdentifiers(declarator.id))) {
            names.add(name);
            if (isDataFunction(name)) locals.set(name, name);
            if (name === "config") configLocal = name;
          }
        }
      } else if (
        (declaration?.type === "FunctionDeclaration" || declaration?.type === "ClassDeclaration") &&
        declaration.id
      ) {
        names.add(declaration.id.name);
        if (isDataFunction(declaration.id.name)) {
          locals.set(declaration.id.name, declaration.id.name);
        }
      }
      for (const specifier of statement.specifiers) {
        const name = exportedName(specifier.exported);
        names.add(name);
        if (name === "default") hasDefault = true;
        if (isDataFunction(name) && specifier.type === "ExportSpecifier" && !statement.source) {
          locals.set(name, specifier.local.name);
        }
        if (name === "config" && specifier.type === "ExportSpecifier" && !statement.source) {
          configLocal = specifier.local.name;
        }
      }
    }
  }
  return { names, locals, configLocal, hasDefault, exportsAll };
}

const PAGE_BINDING = "__nextPage";

/**
 * Gives the page component a local name the added code can refer to, and
 * brings re-exported data functions in as imports. Returns the component's name.
 */
function bindPageAndReexports(
  ast: t.File,
  locals: Map<DataFunction, string>,
  environment: "client" | "server",
): string | null {
  let page: string | null = null;
  const body = ast.program.body;
  for (let i = 0; i < body.length; i++) {
    const statement = body[i]!;
    if (statement.type === "ExportDefaultDeclaration") {
      const declaration = statement.declaration;
      if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
        // Declared on its own, then exported: React Router wraps a default export
        // that is a declaration into an expression, and its name would be gone.
        declaration.id ??= t.identifier(PAGE_BINDING);
        page = declaration.id.name;
        body.splice(i, 1, declaration, t.exportDefaultDeclaration(t.identifier(page)));
        i++;
      } else if (declaration.type === "Identifier") {
        page = declaration.name;
      } else if (t.isExpression(declaration)) {
        body.splice(
          i,
          1,
          t.variableDeclaration("const", [
            t.variableDeclarator(t.identifier(PAGE_BINDING), declaration),
          ]),
          t.exportDefaultDeclaration(t.identifier(PAGE_BINDING)),
        );
        page = PAGE_BINDING;
        i++;
      }
    } else if (statement.type === "ExportNamedDeclaration") {
      for (const specifier of statement.specifiers) {
        if (specifier.type !== "ExportSpecifier") continue;
        const name = exportedName(specifier.exported);
        const isData = isDataFunction(name);
        if (name !== "default" && !isData) continue;
        // The browser's copy loses the data functions: nothing there names them.
        if (isData && environment === "client") continue;
        if (statement.source) {
          // `export { default } from "./x"`: imported, so the added code can name it.
          const local = name === "default" ? PAGE_BINDING : `__next_${name}`;
          body.splice(
            i,
            0,
            t.importDeclaration(
              [
                specifier.local.name === "default"
                  ? t.importDefaultSpecifier(t.identifier(local))
                  : t.importSpecifier(t.identifier(local), t.identifier(specifier.local.name)),
              ],
              t.stringLiteral(statement.source.value),
            ),
          );
          i++;
          if (name === "default") page = local;
          else if (isData) locals.set(name, local);
        } else if (name === "default") {
          page = specifier.local.name;
        }
      }
    }
  }
  return page;
}

/**
 * Removes the data functions' exports from the browser's copy, then every
 * declaration and import that only they used (React Router's own loader
 * removal does the same with the same library).
 */
function removeDataFunctions(ast: t.File): void {
  const referencedBefore = findReferencedIdentifiers(ast);
  const removable = (name: string) => (SERVER_ONLY_EXPORTS as readonly string[]).includes(name);
  let removed = false;
  traverse(ast, {
    ExportNamedDeclaration(path: NodePath<t.ExportNamedDeclaration>) {
      const { node } = path;
      if (node.specifiers.length > 0) {
        const kept = node.specifiers.filter(
          (specifier) =>
            !(specifier.type === "ExportSpecifier" && removable(exportedName(specifier.exported))),
        );
        if (kept.length !== node.specifiers.length) {
          removed = true;
          node.specifiers = kept;
          if (kept.length === 0 && !node.declaration) {
            path.remove();
            return;
          }
        }
      }
      const declaration = node.declaration;
      if (
        (declaration?.type === "FunctionDeclaration" || declaration?.type === "ClassDeclaration") &&
        declaration.id &&
        removable(declaration.id.name)
      ) {
        removed = true;
        path.remove();
      } else if (declaration?.type === "VariableDeclaration") {
        const kept = declaration.declarations.filter(
          (declarator) => !(declarator.id.type === "Identifier" && removable(declarator.id.name)),
        );
        if (kept.length !== declaration.declarations.length) {
          removed = true;
          if (kept.length === 0) path.remove();
          else declaration.declarations = kept;
        }
      }
    },
  });
  if (removed) deadCodeElimination(ast, referencedBefore);
}

/** The rules Next.js's build checks on a page's data functions. */
function dataFunctionProblems(exports: ModuleExports, dynamic: boolean): string[] {
  const has = (name: DataFunction) => exports.names.has(name);
  const problems: string[] = [];
  if (has("getServerSideProps") && (has("getStaticProps") || has("getStaticPaths")))
    problems.push("getServerSideProps cannot go with getStaticProps or getStaticPaths");
  if (has("getStaticPaths") && !has("getStaticProps"))
    problems.push("getStaticPaths is only for a page with getStaticProps");
  if (has("getStaticPaths") && !dynamic)
    problems.push("getStaticPaths is only for a page with a dynamic segment ([slug])");
  if (has("getStaticProps") && dynamic && !has("getStaticPaths"))
    problems.push("a dynamic page with getStaticProps needs getStaticPaths, as in Next.js");
  return problems;
}

/**
 * The server's exports the browser's copy does not have, as empty exports:
 * React Router re-exports a route module's chunks by the names the server's
 * copy exports, so both copies export the same names.
 */
function serverOnlyStubs(names: readonly string[]): string[] {
  return names.map((name) => `export const ${name} = undefined;`);
}

export interface TransformedModule {
  readonly code: string;
  readonly map: unknown;
  /** The page's meta, or null for a special file. */
  readonly meta: PageMeta | null;
}

/**
 * The route module made of a Next.js page's source, or null when the source is
 * a React Router route module, which is used as it is.
 * @throws PageModuleError for a page Next.js's build would refuse, or one that
 * mixes React Router's exports with Next.js's data functions.
 */
export function transformPageModule(
  code: string,
  options: PageModuleOptions,
): TransformedModule | null {
  const { file } = options;
  let ast: t.File;
  try {
    ast = parse(code, { sourceType: "module", plugins: parserPlugins(file) });
  } catch (error) {
    throw new PageModuleError(file, (error as Error).message);
  }
  const exports = exportsOf(ast);
  const routeExports = ROUTE_MODULE_EXPORTS.filter((name) => exports.names.has(name));
  const dataFunctions = DATA_FUNCTIONS.filter((name) => exports.names.has(name));
  const serverOnly = SERVER_ONLY_EXPORTS.filter((name) => exports.names.has(name));
  if (routeExports.length > 0) {
    // A route module may name the paths the sitemap lists with getStaticPaths; the
    // props functions are Next.js's alone.
    if (dataFunctions.some((name) => name !== "getStaticPaths")) {
      throw new PageModuleError(
        file,
        `a page is either a Next.js page (${dataFunctions.filter((name) => name !== "getStaticPaths").join(", ")}) or a React Router route module (${routeExports.join(", ")}), not both`,
      );
    }
    return null;
  }

  if (options.special) {
    if (serverOnly.length === 0) return null;
    if (options.environment === "client") removeDataFunctions(ast);
    const out = generate(ast, { sourceMaps: true, sourceFileName: file }, code);
    const stubs = options.environment === "client" ? serverOnlyStubs(serverOnly) : [];
    return { code: [out.code, ...stubs, ""].join("\n"), map: out.map, meta: null };
  }

  if (!exports.hasDefault) {
    throw new PageModuleError(
      file,
      exports.exportsAll
        ? "its component must be its default export (`export *` does not carry a default)"
        : "a page's component must be its default export, as in Next.js",
    );
  }
  const problems = dataFunctionProblems(exports, options.dynamic);
  if (problems.length > 0) throw new PageModuleError(file, problems.join("; "));

  const page = bindPageAndReexports(ast, exports.locals, options.environment);
  if (page === null) {
    throw new PageModuleError(file, "its default export could not be read as a component");
  }
  const data: PageData = exports.names.has("getServerSideProps")
    ? "server-side"
    : exports.names.has("getStaticProps")
      ? "static"
      : "initial";
  const meta: PageMeta = { file, data };
  if (options.environment === "client") removeDataFunctions(ast);

  const generated = generate(ast, { sourceMaps: true, sourceFileName: file }, code);
  const metaJson = JSON.stringify(meta);
  const added = [
    `import { nextPageHandle as __nextPageHandle, nextPageClientLoader as __nextPageClientLoader, nextPageShouldRevalidate as __nextPageShouldRevalidate } from ${JSON.stringify(options.runtime.client)};`,
    `export const handle = __nextPageHandle(${page}, ${metaJson});`,
    `export const clientLoader = __nextPageClientLoader(${page}, ${metaJson});`,
    `export const shouldRevalidate = __nextPageShouldRevalidate;`,
  ];
  if (options.environment === "client") {
    added.push(...serverOnlyStubs([...serverOnly, "renderOnce"]));
  } else {
    const fn = (name: DataFunction) => exports.locals.get(name) ?? "undefined";
    added.push(
      `import { nextPageAction as __nextPageAction, nextPageLoader as __nextPageLoader, nextPageRendersOnce as __nextPageRendersOnce } from ${JSON.stringify(options.runtime.server)};`,
      `export const loader = __nextPageLoader(${page}, { getServerSideProps: ${fn("getServerSideProps")}, getStaticProps: ${fn("getStaticProps")}, getStaticPaths: ${fn("getStaticPaths")} }, ${metaJson});`,
      `export const action = __nextPageAction;`,
      `export const renderOnce = __nextPageRendersOnce(${page}, ${metaJson}, ${exports.configLocal ?? "undefined"});`,
    );
  }
  // Appended after the page's own code, so its source map stays line for line.
  return { code: `${generated.code}\n${added.join("\n")}\n`, map: generated.map, meta };
}
