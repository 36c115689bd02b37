import { memo, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { useCanonicalOptions } from "../root-data.ts";
import { stripBasePath } from "../routing/base-path.ts";
import { isRouterClick } from "../routing/links.ts";

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A canonical absolute path, base path and query included: what `canonicalHref` gives. */
  to: string;
  /**
   * The link's page (or a page below it) is the one shown: `aria-current="page"`
   * and class `active`, as `<NavLink>` marks it. Worked out by the caller from the
   * location (`isActiveLink`), so that only a link whose mark changes renders again.
   */
  active?: boolean;
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
 * `npm run bench:profile`). And they read the location, so every link renders
 * again on every navigation; this one reads nothing that a navigation changes,
 * and renders again only when its props do (issue 34). Relative paths, external
 * URLs, `prefetch` and view transitions are `<Link>`'s; use it for those.
 */
export const SiteLink = memo(function SiteLink({
  to,
  active = false,
  onClick,
  target,
  className,
  ...rest
}: SiteLinkProps) {
  const navigate = useNavigate();
  const { basePath } = useCanonicalOptions();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isRouterClick(event, target)) return;
    event.preventDefault();
    // React Router's navigations are below the base path; the href is not.
    const toPath = to.split(/[?#]/, 1)[0]!;
    const appTarget = (stripBasePath(toPath, basePath) ?? toPath) + to.slice(toPath.length);
    // Read at the click, not subscribed to: the URL shown, base path included, as `to` is.
    const shown = location.pathname + location.search + location.hash;
    void navigate(appTarget, { replace: to === shown });
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
});
