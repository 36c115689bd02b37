/**
 * What a link to a canonical path does, as React Router's `<Link>` and
 * `<NavLink>` do it, for links whose target is already a canonical absolute
 * path (`canonicalHref`'s output): no resolution against the matched routes is
 * needed. Pure and isomorphic: the server renders with `isActiveLink`, the
 * browser asks both.
 */

/** The modifier keys and button of a click, as a MouseEvent carries them. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a click on a link is the router's to handle: the main button with no
 * modifier (those open a tab or window, or save the target), on a link that
 * opens in this browsing context.
 */
export function isRouterClick(event: ClickLike, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (target === undefined || target === "" || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Whether the page at `locationPath` is the one a link to `linkPath` names, or
 * (unless `end`) one below it; compared without case, as `<NavLink>` does by
 * default. Both paths are percent-encoded, as URLs carry them.
 */
export function isActiveLink(locationPath: string, linkPath: string, end: boolean): boolean {
  const location = locationPath.toLowerCase();
  const link = linkPath.toLowerCase();
  if (location === link) return true;
  if (end) return false;
  // `/docs/` names `/docs/x` as `/docs` does; `/docsx` is another page.
  const base = link !== "/" && link.endsWith("/") ? link.slice(0, -1) : link;
  return location.startsWith(base) && location.charAt(base.length) === "/";
}

/**
 * The path, query and hash of `target` read against `base`, if it stays on
 * `base`'s origin; otherwise null. The client's own document loads (a
 * navigation's fallback) go nowhere else: to a browser, `/\evil.example` and
 * `//evil.example` are another site.
 */
export function sameOriginPath(target: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin === "null" || url.origin !== new URL(base).origin) return null;
  return url.pathname + url.search + url.hash;
}
