import { createContext, useContext, useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { RequestInfo } from "./context.ts";
import site from "../site.config.ts";
import { TRAILING_SLASH, type CanonicalOptions } from "./routing/canonical-url.ts";
import {
  defaultLocaleOn,
  domainOfHost,
  splitLocalePath,
  type Locale,
  type LocalePath,
} from "./routing/locale.ts";
import type { DomainLocale } from "./routing/site-config.ts";

/**
 * What the root loader gives every page: of the server's request info, what a
 * page rendered once may hold. Written here, below root.tsx and the components
 * that read it, so none of them imports the root module.
 */
export type RootData = Pick<
  RequestInfo,
  "origin" | "trailingSlash" | "requestId" | "renderOnceRoutes"
> &
  Partial<Pick<RequestInfo, "basePath" | "rewrittenTo" | "rewrittenFrom">>;

/**
 * The root loader's data. Undefined only when the root loader itself failed,
 * so every caller has a fallback: the error page must render regardless.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** The current page's locale and its path without the locale prefix, from the URL. */
export function useLocalePath(): LocalePath {
  const { defaultLocale } = useSiteInfo();
  return splitLocalePath(useLocation().pathname, defaultLocale);
}

/**
 * What every page of a visit shares: the public origin, the URL settings and the
 * pages rendered once. The root loader runs again on every navigation (for its
 * request id), so its data is a new object each time; this is not. A component
 * that reads only these (the header, a link, an image) is therefore not rendered
 * again by a navigation: see `useSiteInfoOf` and `SiteInfoContext`.
 */
export interface SiteInfo {
  readonly origin: string;
  readonly options: CanonicalOptions;
  /** The ids of the routes rendered once, separated by spaces. */
  readonly renderOnceRoutes: string;
  /** The locale domain (`i18n.domains`) the page is on, or null. */
  readonly domain: DomainLocale<Locale> | null;
  /** The locale served unprefixed on the page's host: its domain's default, else the site's. */
  readonly defaultLocale: Locale;
}

/**
 * The host a page is on: its public origin's; null when the server gave none
 * (the root loader failed), in the browser too, so that both render alike.
 * The last one is remembered: a server answers one origin (or a few) over and over.
 */
let lastHost: { origin: string; host: string | null } = { origin: "", host: null };
function hostOf(origin: string): string | null {
  if (origin === "") return null;
  if (origin !== lastHost.origin) lastHost = { origin, host: new URL(origin).host };
  return lastHost.host;
}
/** The locale a host serves unprefixed: what a page's document says of its locale besides the path. */
export const defaultLocaleOfOrigin = (origin: string): Locale => defaultLocaleOn(hostOf(origin));

/** What the build itself knows: what a page has outside the root layout, or when the root loader failed. */
const BUILD_SITE_INFO: SiteInfo = {
  origin: "",
  options: { trailingSlash: TRAILING_SLASH, basePath: site.basePath },
  renderOnceRoutes: "",
  domain: domainOfHost(hostOf("")),
  defaultLocale: defaultLocaleOn(hostOf("")),
};

/** Provided by the root layout (app/root.tsx) from `useSiteInfoOf(useRootData())`. */
export const SiteInfoContext = createContext<SiteInfo>(BUILD_SITE_INFO);

/** The root data's shared part: the same object for as long as its values stay the same. */
export function useSiteInfoOf(data: RootData | undefined): SiteInfo {
  const origin = data?.origin ?? BUILD_SITE_INFO.origin;
  const trailingSlash = data?.trailingSlash ?? BUILD_SITE_INFO.options.trailingSlash;
  // Absent from the data when the site has none.
  const basePath = data ? (data.basePath ?? "") : BUILD_SITE_INFO.options.basePath;
  const renderOnceRoutes = data?.renderOnceRoutes ?? BUILD_SITE_INFO.renderOnceRoutes;
  return useMemo(() => {
    const host = hostOf(origin);
    return {
      origin,
      options: { trailingSlash, basePath },
      renderOnceRoutes,
      domain: domainOfHost(host),
      defaultLocale: defaultLocaleOn(host),
    };
  }, [origin, trailingSlash, basePath, renderOnceRoutes]);
}

/** The visit's shared settings. */
export const useSiteInfo = (): SiteInfo => useContext(SiteInfoContext);

/** The site's URL settings, as the server gave them; the build's own when the root loader failed. */
export function useCanonicalOptions(): CanonicalOptions {
  return useSiteInfo().options;
}
