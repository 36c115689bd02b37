/**
 * A site under a sub-path of a larger domain (`example.com/shop/…`): next.config.js's
 * `basePath`. Pure functions of plain values, for the server's pipeline, the
 * route middleware and the browser alike. Inside the app every path is written
 * without the base (`/about`); these put it on where a URL leaves the app
 * (a `Location`, a link's `href`, a cookie's `Path`) and take it off where one
 * comes in.
 *
 * The base is matched as written, case and all, as Next.js matches it:
 * `/SHOP/about` is outside `/shop`, and gets the not-found page.
 */

/** A base path is `/` and one or more segments, with no trailing slash; "" for none. */
export function basePathProblems(value: unknown, key = "basePath"): string[] {
  const at = `${key}: ${JSON.stringify(value)}`;
  if (typeof value !== "string") return [`${at} must be a string`];
  if (value === "") return [];
  if (!value.startsWith("/")) return [`${at} must start with "/", as "/shop" does`];
  if (value === "/") return [`${at} is the root: leave ${key} out, or write ""`];
  if (value.endsWith("/"))
    return [`${at} must not end with "/" (write "${value.replace(/\/+$/, "")}")`];
  for (const segment of value.slice(1).split("/")) {
    // Segments a URL parser would rewrite, and characters that end a cookie's
    // Path or a policy's report URI, or that a proxy could read otherwise.
    if (segment === "" || segment === "." || segment === "..")
      return [`${at} must not hold empty, "." or ".." segments`];
    if (!/^[A-Za-z0-9\-._~]+$/.test(segment))
      return [`${at}: "${segment}" may hold only letters, digits, "-", "_", "." and "~"`];
  }
  return [];
}

/**
 * The path below the base (`/shop/about` -> `/about`; `/shop` and `/shop/` ->
 * `/`; `/shop?q=1` -> `/?q=1`), still percent-encoded; null for a path outside
 * it (`/`, `/shopping`, `/SHOP/about`). With no base, the path itself.
 *
 * `/shop.data` is the home page's route data, as React Router asks for it under
 * its basename (`/shop` + `.data`): below the base, that is `/_.data`.
 */
export function stripBasePath(path: string, basePath: string): string | null {
  if (basePath === "") return path;
  if (!path.startsWith(basePath)) return null;
  const rest = path.slice(basePath.length);
  if (rest === "" || rest.startsWith("?") || rest.startsWith("#")) return `/${rest}`;
  if (rest === ".data" || rest.startsWith(".data?")) return `/_${rest}`;
  return rest.startsWith("/") ? rest : null;
}

/**
 * A path of the app (starting with `/`, query or hash allowed) as a URL path
 * on the site: `/about` -> `/shop/about`. The home page is the base itself,
 * written in the site's slash style: `/shop` or, with trailing slashes, `/shop/`.
 */
export function withBasePath(path: string, basePath: string, trailingSlash: boolean): string {
  if (basePath === "") return path;
  const home = path === "/" || path.startsWith("/?") || path.startsWith("/#");
  if (!home) return basePath + path;
  return (trailingSlash ? `${basePath}/` : basePath) + path.slice(1);
}

/**
 * The basename React Router is built with: the base as the home page is
 * written, so `<Link to="/">` and a navigation to `/` land on the canonical
 * form (`/shop`, or `/shop/` with trailing slashes); "/" for none.
 */
export function routerBasename(basePath: string, trailingSlash: boolean): string {
  if (basePath === "") return "/";
  return trailingSlash ? `${basePath}/` : basePath;
}

/** The base path of a React Router basename (routerBasename's inverse): "/" -> "". */
export function basePathOfBasename(basename: string | undefined): string {
  return (basename ?? "/").replace(/\/+$/, "");
}

/**
 * An app path (`/about`) as React Router navigates to it under `basename`:
 * the URL path the browser will show (`/shop/about`; `/` -> the basename).
 */
export function withRouterBasename(path: string, basename: string): string {
  if (basename === "/") return path;
  return withBasePath(path, basePathOfBasename(basename), basename.endsWith("/"));
}
