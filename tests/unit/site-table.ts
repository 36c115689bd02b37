/**
 * A route table as app/routes.ts makes one, for tests of React Router's
 * matching: each page unprefixed and under each locale, and a 404 route after
 * them in each.
 */
import type { RouteObject } from "react-router";
import { pagesFromFiles, routeIdOf, routePathOf } from "../../app/routing/pages.ts";

export const TABLE_LOCALES = ["en", "fr", "de"];

export function siteTable(
  files: string[],
  locales: readonly string[] = TABLE_LOCALES,
): RouteObject[] {
  const pages = pagesFromFiles(files, { locales });
  const children = [null, ...locales].flatMap((locale): RouteObject[] => {
    const scoped = (path: string) => [locale, path].filter(Boolean).join("/");
    return [
      ...pages.map((page): RouteObject => {
        const path = scoped(routePathOf(page));
        const id = routeIdOf(page, locale);
        return path === "" ? { id, index: true } : { id, path, caseSensitive: true };
      }),
      { id: `${locale ?? "default"}/not-found`, path: scoped("*") },
    ];
  });
  return [{ id: "root", path: "/", children }];
}
