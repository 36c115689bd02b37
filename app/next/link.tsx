/**
 * `next/link`: an `<a>` whose click the router follows without a page load.
 * `href` is a string or a URL object (a route pattern filled in from its query),
 * `as` the URL shown, `locale` another locale (`false`: `href` names its own
 * prefix); `replace`, `scroll` and `shallow` go to the navigation. With
 * `legacyBehavior` the single child (an `<a>`, usually) gets the behaviour,
 * and the `href` when it is an `<a>` or `passHref` says so.
 *
 * The link carries what the shell's prefetcher looks for (app/client/prefetch.tsx)
 * unless `prefetch={false}`: its page's code, and its data when the page is
 * rendered once, are fetched before the click.
 */
import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { TRAILING_SLASH } from "../routing/canonical-url.ts";
import { isRouterClick } from "../routing/links.ts";
import { linkHref, localizedHref, resolveHref, type Url } from "./routing/href.ts";
import { useRouter } from "./router.tsx";

export interface LinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  "href" | "onClick"
> {
  href: Url;
  as?: Url;
  replace?: boolean;
  scroll?: boolean;
  shallow?: boolean;
  passHref?: boolean;
  prefetch?: boolean | null | "auto";
  locale?: string | false;
  legacyBehavior?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}

// Resolved against this origin only to tell this site's URLs from others'.
const LOCAL_ORIGIN = "http://n";

const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    href: hrefProp,
    as: asProp,
    replace = false,
    scroll,
    shallow,
    passHref,
    prefetch,
    locale,
    legacyBehavior = false,
    onClick,
    children,
    ...rest
  },
  ref,
) {
  const router = useRouter();
  const resolved = resolveHref(hrefProp, asProp, router, LOCAL_ORIGIN);
  const settings = {
    locale: router.locale ?? null,
    defaultLocale: router.defaultLocale ?? null,
    locales: router.locales ?? [],
  };
  // Another origin's URL is written as given; the browser follows it.
  const href =
    resolved === null
      ? String(typeof asProp === "string" ? asProp : typeof hrefProp === "string" ? hrefProp : "")
      : linkHref(localizedHref(resolved.as, locale, settings), {
          trailingSlash: TRAILING_SLASH,
          basePath: router.basePath,
        });

  function handleClick(event: MouseEvent<HTMLAnchorElement>, childOnClick?: unknown) {
    if (typeof childOnClick === "function") childOnClick(event);
    onClick?.(event);
    const target = event.currentTarget.getAttribute("target") ?? undefined;
    if (
      event.defaultPrevented ||
      resolved === null ||
      event.currentTarget.hasAttribute("download") ||
      !isRouterClick(event, target)
    ) {
      return;
    }
    event.preventDefault();
    const navigate = replace ? router.replace : router.push;
    void navigate(hrefProp, asProp, { shallow, locale, scroll });
  }

  const prefetchable = prefetch !== false && resolved !== null;
  if (legacyBehavior) {
    const child = Children.only(children);
    if (!isValidElement(child)) {
      throw new Error("next/link with legacyBehavior needs exactly one element child");
    }
    const childProps = child.props as Record<string, unknown>;
    const giveHref = passHref === true || (child.type === "a" && !("href" in childProps));
    return cloneElement(child as ReactElement<Record<string, unknown>>, {
      ref,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => handleClick(event, childProps.onClick),
      ...(giveHref && { href }),
      ...(prefetchable && child.type === "a" && { "data-discover": "true" }),
    });
  }
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={handleClick}
      {...(prefetchable && { "data-discover": "true" })}
    >
      {children}
    </a>
  );
});

export default Link;
