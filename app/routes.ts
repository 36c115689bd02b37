/**
 * The route table, made from the site's pages folder (app/site/folder.ts; the
 * embedded example's is site/pages/), named as the Next.js
 * pages router names its files: app/routing/pages.ts): every page unprefixed,
 * in the default locale, and under every locale prefix. React Router's dev
 * server evaluates this again when a file is added to or removed from app/, so
 * a new page answers without a restart. A refused name or two pages for one URL
 * fail the build, and the dev server's start, naming the files.
 */
import {
  type RouteConfig,
  type RouteConfigEntry,
  getAppDirectory,
  index,
  prefix,
  route,
} from "@react-router/dev/routes";
import { relative } from "node:path";
import { pagesIn } from "./pages-folder.ts";
import { currentSite } from "./site/folder.ts";
import { LOCALE_PREFIXES, LOCALES, type Locale } from "./routing/locale.ts";
import { notFoundRouteId, routeIdOf, routePathOf } from "./routing/pages.ts";

// Matching is case-sensitive, as in Next.js: `/About` is not `/about`.
const exact = { caseSensitive: true };

// The site's pages folder (app/site/folder.ts), wherever it is: route files are
// named relative to the app directory.
const { pagesDir } = currentSite();
const pagesFolder = relative(getAppDirectory(), pagesDir).split("\\").join("/");
const pages = pagesIn(pagesDir);

/** The pages in one locale (null: the default, unprefixed), and the 404 page for the paths no page answers. */
function localeRoutes(locale: Locale | null): RouteConfigEntry[] {
  return [
    ...pages.map((page) => {
      const file = `${pagesFolder}/${page.file}`;
      const options = { ...exact, id: routeIdOf(page, locale) };
      const path = routePathOf(page);
      return path === "" ? index(file, options) : route(path, file, options);
    }),
    // It answers 404 whatever the path: rendered by the root error boundary with
    // the site's own 404 page (pages/404.tsx).
    route("*", "routes/not-found.tsx", {
      ...exact,
      id: notFoundRouteId(locale),
    }),
  ];
}

export default [
  ...localeRoutes(null),
  // Without i18n, no locale is a prefix.
  ...(LOCALE_PREFIXES ? LOCALES.flatMap((locale) => prefix(locale, localeRoutes(locale))) : []),
  // Test fixtures: they answer 404 unless the server runs with E2E_FIXTURES=1.
  route("lab/slow", "routes/lab/slow.tsx", exact),
  route("lab/stream", "routes/lab/stream.tsx", exact),
  route("lab/boom", "routes/lab/boom.tsx", exact),
  route("lab/client-error", "routes/lab/client-error.tsx", exact),
  route("lab/form", "routes/lab/form.tsx", exact),
  route("lab/links", "routes/lab/links.tsx", exact),
  route("lab/revalidate", "routes/lab/revalidate.tsx", exact),
] satisfies RouteConfig;
