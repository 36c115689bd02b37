/**
 * The special files of the site's pages folder, where it has them: `_app`
 * (around every page), `_document` (the HTML document), `_error`, `404` and
 * `500` (the fallback pages). Each is the module as the team wrote it; the
 * shell's own defaults stand in for the missing ones (host.tsx, document.tsx).
 */
import type { ComponentType } from "react";
import { specialFiles } from "virtual:next-special-files";
import type { SpecialFile } from "../routing/pages.ts";
import type { AppComponent } from "./page/types.ts";

// The exports these files may have that the shell reads.
export interface SpecialModule {
  default: ComponentType<Record<string, unknown>> & {
    getInitialProps?: (context: never) => unknown;
  };
  getStaticProps?: (context: never) => unknown;
}

// The site's pages folder's special files, listed by the build (app/next/vite/plugin.ts).
const found = specialFiles as Partial<Record<SpecialFile, SpecialModule>>;

/** The site's special files, by kind; absent where the folder has none. */
export const siteFiles: Readonly<Partial<Record<SpecialFile, SpecialModule>>> = found;

/** The site's `_app` component, or null: Next.js's default stands in (host.tsx). */
export const siteApp = (found.app?.default ?? null) as AppComponent | null;
