/**
 * `router.query` and a data function's `context.query`, as Next.js makes them:
 * the URL's search parameters (a repeated one as an array, in order), then the
 * page's own parameters over them (a catch-all as an array).
 */
import type { PageParams } from "../../routing/pages.ts";

export type NextQuery = Record<string, string | string[]>;

/** The search parameters of a URL (`?x=1&x=2&y=`) as Next.js gives them: `{ x: ["1", "2"], y: "" }`. */
export function searchQuery(search: string | URLSearchParams): NextQuery {
  const query: NextQuery = {};
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  for (const [key, value] of params) {
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}

/** The search parameters with the page's parameters over them: `{ x: "1", slug: "hello" }`. */
export function nextQuery(search: string | URLSearchParams, params: PageParams): NextQuery {
  return { ...searchQuery(search), ...params };
}

/**
 * A query as a search string, in its order, arrays repeated: `{ a: ["1", "2"] }`
 * -> `?a=1&a=2`; "" when empty. A value is written as Next.js writes it: a
 * string as it is, a number (not NaN) or a boolean as text, anything else empty.
 */
export function searchOf(query: Readonly<Record<string, unknown>>): string {
  const text = (value: unknown): string =>
    typeof value === "string"
      ? value
      : (typeof value === "number" && !Number.isNaN(value)) || typeof value === "boolean"
        ? String(value)
        : "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, text(item));
    else params.set(key, text(value));
  }
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

/**
 * A page's query less its parameters (a data URL's, which the client adds to
 * it, app/next/page/data-location.ts; or a document's `?id=` beside its
 * `[id]`): the page's `resolvedUrl` and `req.url` leave them out, as in Next.js.
 */
export function searchWithout(search: string, params: PageParams): string {
  const names = Object.keys(params);
  if (search === "" || names.length === 0) return search;
  const kept = new URLSearchParams(search);
  // Written again only when one is there: the rest keeps its own spelling.
  if (!names.some((name) => kept.has(name))) return search;
  for (const name of names) kept.delete(name);
  const text = kept.toString();
  return text === "" ? "" : `?${text}`;
}
