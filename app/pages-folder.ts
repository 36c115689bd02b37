/**
 * The pages of a pages folder on disk, checked (app/routing/pages.ts): read by
 * the route table at build time (app/routes.ts), and by the tests, which take
 * their route inventory from the same place.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { LOCALE_PREFIXES, LOCALES } from "./routing/locale.ts";
import { pagesFromFiles, type PageRoute } from "./routing/pages.ts";

/** The files of a pages folder, relative to it and `/`-separated: `blog/[slug].tsx`. */
export function pageFilesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** The pages of the pages folder `pagesDir`, checked. */
export function pagesIn(pagesDir: string): PageRoute[] {
  return pagesFromFiles(pageFilesIn(pagesDir), {
    locales: LOCALE_PREFIXES ? LOCALES : [],
  });
}
