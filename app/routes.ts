import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  prefix,
  route,
} from "@react-router/dev/routes";
import { LOCALES } from "./routing/locale.ts";

// Matching is case-sensitive, as in Next.js: `/About` is not `/about`.
const exact = { caseSensitive: true };

/** The example pages, once per locale: unprefixed (the default locale) and under each prefix. */
function pages(scope: string): RouteConfigEntry[] {
  const id = (name: string) => ({ ...exact, id: `${scope}/${name}` });
  return [
    index("routes/home.tsx", id("home")),
    route("about", "routes/about.tsx", id("about")),
    // A static segment outranks a dynamic one, so /blog/new never reaches blog-post.
    route("blog/new", "routes/blog-new.tsx", id("blog-new")),
    route("blog/:slug", "routes/blog-post.tsx", id("blog-post")),
    route("docs/*", "routes/docs.tsx", id("docs")),
    route("shop/*", "routes/shop.tsx", id("shop")),
    route("*", "routes/not-found.tsx", id("not-found")),
  ];
}

export default [
  ...pages("default"),
  ...LOCALES.flatMap((locale) => prefix(locale, pages(locale))),
  // Test fixtures: they answer 404 unless the server runs with E2E_FIXTURES=1.
  route("lab/slow", "routes/lab/slow.tsx", exact),
  route("lab/stream", "routes/lab/stream.tsx", exact),
  route("lab/boom", "routes/lab/boom.tsx", exact),
  route("lab/client-error", "routes/lab/client-error.tsx", exact),
  route("lab/form", "routes/lab/form.tsx", exact),
  route("lab/links", "routes/lab/links.tsx", exact),
  route("lab/revalidate", "routes/lab/revalidate.tsx", exact),
] satisfies RouteConfig;
