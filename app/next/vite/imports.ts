/**
 * The `next/*` modules a team's code may import, each the shell's own module
 * (app/next/), never the `next` package. Any other `next/*` import fails the
 * build, naming the file and the import: it must not fail in a visitor's tab.
 */

/** Each supported import, and its module in app/next/. */
export const NEXT_MODULES: Readonly<Record<string, string>> = {
  next: "index.ts",
  "next/app": "app.tsx",
  "next/document": "document.tsx",
  "next/dynamic": "dynamic.tsx",
  "next/error": "error.tsx",
  "next/head": "head.tsx",
  "next/image": "image.tsx",
  "next/link": "link.tsx",
  "next/router": "router.tsx",
  // Its hooks in a page of the pages folder, as Next.js answers them there.
  "next/navigation": "navigation.ts",
  "next/compat/router": "compat-router.ts",
  // Its calls are compiled away (app/next/font/plugin.ts); the module is what a scan finds.
  "next/font/local": "font/local.ts",
  "next/og": "og.ts",
  "next/script": "script.tsx",
  "next/server": "server.ts",
  // Next.js's router context, as test utilities, Storybook setups and some
  // libraries import it (a router of their own around a component): the shell's.
  "next/dist/shared/lib/router-context.shared-runtime": "router-context.ts",
  "next/dist/shared/lib/router-context": "router-context.ts",
};

// What a team may find instead, for imports people reach for.
const ADVICE: Readonly<Record<string, string>> = {
  "next/font/google":
    "it downloads the fonts at build time, which this build does not: put the font files in the repository and load them with next/font/local (or @font-face from public/)",
  "next/config": "Next.js 16 removed runtime config; read process.env on the server",
  "next/amp": "AMP is not supported",
  "next/legacy/image": "use next/image",
  "next/headers": "it is the App Router's",
  "next/cache": "it is the App Router's",
};

/** The shell's own extension module, for what Next.js has no API for (app/next/shell-site.ts). */
export const SHELL_SITE_MODULE = "@shell/site";

/**
 * The module a `next` import resolves to (a file name in app/next/), null for
 * an import that is not Next.js's, or `{ problem }` for one the shell does not
 * provide, with what to do.
 */
export function nextImportOf(source: string): string | null | { problem: string } {
  if (source === SHELL_SITE_MODULE) return "shell-site.ts";
  if (source !== "next" && !source.startsWith("next/")) return null;
  const bare = source.replace(/\.js$/, "");
  const module = NEXT_MODULES[bare];
  if (module !== undefined) return module;
  const advice = ADVICE[bare] ?? ADVICE[bare.split("/").slice(0, 2).join("/")];
  return {
    problem:
      `"${source}" is not provided by this shell${advice ? ` (${advice})` : ""}. ` +
      `Supported: ${Object.keys(NEXT_MODULES).join(", ")}.`,
  };
}

// `import { A, B } from "next"` (not `import type`), alone or after a default
// import: its braces may span lines. Comments inside the braces are rare enough
// to leave out.
const NAMED_NEXT_IMPORT =
  /^([ \t]*import[ \t]+)(?!type\b)([A-Za-z_$][\w$]*[ \t]*,[ \t]*)?\{[^}]*\}([ \t]*from[ \t]*(["'])next\4[ \t]*;?)/gm;

/**
 * A module's named imports from `next` taken out: `next` exports only types
 * (`NextPage`, `GetServerSideProps`, ...; its value is Next.js's server, which
 * a page never imports), so, as Next.js's compiler erases them, an import
 * written without `import type` is a type import. A default import beside them
 * is kept, to fail the build as it would alone.
 */
export function withoutNextTypeImports(code: string): string {
  if (!code.includes("next")) return code;
  return code.replace(NAMED_NEXT_IMPORT, (_all, start: string, defaultImport?: string) =>
    defaultImport ? `${start}${defaultImport.replace(/[ \t]*,[ \t]*$/, "")} from "next";` : "",
  );
}
