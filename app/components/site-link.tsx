import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCanonicalOptions } from "../root-data.ts";
import { stripBasePath } from "../routing/base-path.ts";
import { isActiveLink, isRouterClick } from "../routing/links.ts";

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A canonical absolute path, base path and query included: what `canonicalHref` gives. */
  to: string;
  /**
   * Marks the link `aria-current="page"` (and class `active`) while its page,
   * or (unless `end`) a page below it, is shown: `<NavLink>`'s rule.
   */
  nav?: { end: boolean };
}

/**
 * A link the router follows without a page load, as `<Link>` and `<NavLink>`
 * render it (`href`, `data-discover`, the same click rule, `replace` for the page
 * already shown), for a target that is already canonical and absolute.
 *
 * Why not React Router's own: they resolve `to` against the matched routes two to
 * four times per link and render (a JSON round trip, a URL parse, and error
 * messages built whether thrown or not). The header's nine links did that on
 * every page: a tenth of the CPU of a page rendered per request (issue 24,
 * `npm run bench:profile`). Relative paths, external URLs, `prefetch` and
 * view transitions are `<Link>`'s; use it for those.
 */
export function SiteLink({ to, nav, onClick, target, className, ...rest }: SiteLinkProps) {
  const navigate = useNavigate();
  // React Router's location and navigations are below the base path; the href is not.
  const { pathname, search, hash } = useLocation();
  const { basePath } = useCanonicalOptions();
  const toPath = to.split(/[?#]/, 1)[0]!;
  const appPath = stripBasePath(toPath, basePath) ?? toPath;
  const active = nav !== undefined && isActiveLink(pathname, appPath, nav.end);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isRouterClick(event, target)) return;
    event.preventDefault();
    const appTarget = appPath + to.slice(toPath.length);
    void navigate(appTarget, { replace: appTarget === pathname + search + hash });
  }

  return (
    <a
      {...rest}
      href={to}
      target={target}
      className={active ? (className ? `${className} active` : "active") : className}
      aria-current={active ? "page" : rest["aria-current"]}
      onClick={handleClick}
      // What React Router's links carry: the prefetcher looks for it (app/client/prefetch.tsx).
      data-discover="true"
    />
  );
}
