/**
 * The pages of a pages folder on disk, checked (app/routing/pages.ts): read by
 * the route table at build time (app/routes.ts), and by the tests, which take
 * their route inventory from the same place.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { LOCALES } from "./routing/locale.ts";
import { PAGES_FOLDER, pagesFromFiles, type PageRoute } from "./routing/pages.ts";

export function pagesIn(appDirectory: string): PageRoute[] {
  const folder = join(appDirectory, PAGES_FOLDER);
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"));
  return pagesFromFiles(files, { locales: LOCALES });
}
