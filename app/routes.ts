import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";
import { LOCALE_SEGMENT } from "./routing/locale.ts";

// Matching is case-sensitive, as in Next.js: `/About` is not `/about`.
const exact = { caseSensitive: true };

/**
 * The example pages, once: under an optional locale segment, `/about` (the
 * default locale, unprefixed) and `/fr/about` are one route. The segment is a
 * locale or the page is a 404 (routes/locale.tsx). One set of routes instead of
 * one per locale: React Router matches, converts and serialises its route table
 * on every request, and four copies of it cost a fifth of a page rendered per
 * request (issue 24, `npm run bench:profile`).
 */
const pages: RouteConfigEntry[] = [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx", exact),
  // A static segment outranks a dynamic one, so /blog/new never reaches blog-post.
  route("blog/new", "routes/blog-new.tsx", exact),
  route("blog/:slug", "routes/blog-post.tsx", exact),
  route("docs/*", "routes/docs.tsx", exact),
  route("shop/*", "routes/shop.tsx", exact),
  route("*", "routes/not-found.tsx", exact),
];

export default [
  route(LOCALE_SEGMENT, "routes/locale.tsx", exact, pages),
  // Test fixtures: they answer 404 unless the server runs with E2E_FIXTURES=1.
  route("lab/slow", "routes/lab/slow.tsx", exact),
  route("lab/stream", "routes/lab/stream.tsx", exact),
  route("lab/boom", "routes/lab/boom.tsx", exact),
  route("lab/client-error", "routes/lab/client-error.tsx", exact),
  route("lab/form", "routes/lab/form.tsx", exact),
  route("lab/links", "routes/lab/links.tsx", exact),
  route("lab/revalidate", "routes/lab/revalidate.tsx", exact),
] satisfies RouteConfig;
