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
 *
 * A link to an absolute path reads only the page's locale and base path, which
 * a navigation within a locale leaves alone: it does not render again at every
 * click (decision 020). A relative one (`href="edit"`, `"#top"`, `"?q=1"`)
 * reads the page shown, as it must.
 */
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from "react";
import { TRAILING_SLASH } from "../routing/canonical-url.ts";
import { isRouterClick } from "../routing/links.ts";
import {
  linkHref,
  domainHref,
  localizedHref,
  resolveHrefCached,
  type CurrentPage,
  type LocaleSettings,
  type Url,
} from "./routing/href.ts";
import Router, { useRouter, type TransitionOptions } from "./router.tsx";

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

/** What every link of a page reads: the same for a whole visit in one locale (host.tsx). */
export interface LinkSettings extends LocaleSettings {
  readonly basePath: string;
}

export const LinkSettingsContext = createContext<LinkSettings>({
  locale: null,
  defaultLocale: null,
  locales: [],
  basePath: "",
});

// Resolved against this origin only to tell this site's URLs from others'.
const LOCAL_ORIGIN = "http://n";

// A path of this site, absolute, with nothing to fill in or resolve.
const PLAIN_PATH = /^\/(?![/\\])[^[\\]*$/;

/** Whether a link's target resolves the same from any page. */
function isAbsolute(href: Url, as: Url | undefined): boolean {
  const absolute = (url: Url) =>
    typeof url === "string"
      ? /^\/(?![/\\])/.test(url) || /^[a-z][a-z0-9+.-]*:/i.test(url)
      : (url.pathname ?? "").startsWith("/");
  return absolute(href) && (as === undefined || absolute(as));
}

/** Where a link goes: null for another origin's URL. */
function targetOf(href: Url, as: Url | undefined, page: CurrentPage) {
  // The common case, a plain path of this site, needs no URL parser.
  if (
    as === undefined &&
    typeof href === "string" &&
    PLAIN_PATH.test(href) &&
    !/\/\.\.?(\/|$|[?#])/.test(href)
  ) {
    return { href, as: href };
  }
  return resolveHrefCached(href, as, page, LOCAL_ORIGIN);
}

interface LinkBodyProps {
  readonly link: LinkProps;
  readonly anchorRef: Ref<HTMLAnchorElement> | undefined;
  readonly settings: LinkSettings;
  readonly page: CurrentPage;
  readonly navigate: (
    url: Url,
    as: Url | undefined,
    options: TransitionOptions,
  ) => Promise<boolean>;
}

/**
 * The `href` of a link to a path of the site: on a locale domain, a locale
 * another (or this) domain serves is written as that domain's URL, as Next.js
 * writes it; else the path in the locale, under the base path.
 */
function linkHrefOf(as: string, locale: string | false | undefined, settings: LinkSettings) {
  const options = { trailingSlash: TRAILING_SLASH, basePath: settings.basePath };
  return (
    domainHref(as, locale, settings, options)?.href ??
    linkHref(localizedHref(as, locale, settings), options)
  );
}

function LinkBody({ link, anchorRef, settings, page, navigate }: LinkBodyProps): ReactElement {
  const {
    href: hrefProp,
    as: asProp,
    replace: _replace,
    scroll,
    shallow,
    passHref,
    prefetch,
    locale,
    legacyBehavior = false,
    onClick,
    children,
    ...rest
  } = link;
  const resolved = targetOf(hrefProp, asProp, page);
  // Another origin's URL is written as given; the browser follows it.
  const href =
    resolved === null
      ? String(typeof asProp === "string" ? asProp : typeof hrefProp === "string" ? hrefProp : "")
      : linkHrefOf(resolved.as, locale, settings);

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
    // The child gets the link's ref, as Next.js's legacyBehavior gives it; cloneElement reads no ref.
    // eslint-disable-next-line react-hooks/refs
    return cloneElement(child as ReactElement<Record<string, unknown>>, {
      ref: anchorRef,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => handleClick(event, childProps.onClick),
      ...(giveHref && { href }),
      ...(prefetchable && child.type === "a" && { "data-discover": "true" }),
    });
  }
  return (
    <a
      {...rest}
      ref={anchorRef}
      href={href}
      onClick={handleClick}
      {...(prefetchable && { "data-discover": "true" })}
    >
      {children}
    </a>
  );
}

type RefProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

// The page is not read: an absolute target does not depend on it.
const ANY_PAGE: CurrentPage = { pathname: "/", asPath: "/" };

/** A link to an absolute path: reads the page's locale and base path only. */
function AbsoluteLink({ ref, ...link }: RefProps) {
  const settings = useContext(LinkSettingsContext);
  const navigate = (url: Url, as: Url | undefined, options: TransitionOptions) =>
    link.replace ? Router.replace(url, as, options) : Router.push(url, as, options);
  return (
    <LinkBody link={link} anchorRef={ref} settings={settings} page={ANY_PAGE} navigate={navigate} />
  );
}

/** A relative link: resolved against the page shown, as Next.js resolves it. */
function RelativeLink({ ref, ...link }: RefProps) {
  const settings = useContext(LinkSettingsContext);
  const router = useRouter();
  const navigate = link.replace ? router.replace : router.push;
  return (
    <LinkBody link={link} anchorRef={ref} settings={settings} page={router} navigate={navigate} />
  );
}

export default function Link(props: RefProps) {
  return isAbsolute(props.href, props.as) ? (
    <AbsoluteLink {...props} />
  ) : (
    <RelativeLink {...props} />
  );
}
