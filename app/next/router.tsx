/**
 * `next/router`: `useRouter()`, `withRouter`, and the `Router` singleton, over
 * React Router's own router. A navigation is React Router's (so the route-load
 * timeout, the build binding and the fallbacks of the shell hold for it); this
 * module gives it Next.js's API: URL objects, `as`, locales, shallow routing,
 * `beforePopState`, and `router.events` in Next.js's order:
 *
 *   routeChangeStart -> beforeHistoryChange -> routeChangeComplete
 *   (routeChangeError, with `cancelled`, for one superseded by another)
 *   hashChangeStart -> hashChangeComplete, for a change of hash alone
 */
import { createContext, useContext, type ComponentType, type ReactElement } from "react";
import { createPath, type DataRouter, type Location } from "react-router";
import {
  beginNavigation,
  carryNavigationStart,
  onNavigationAbandoned,
  pendingNavigationStart,
  replacedByDocument,
} from "../client/route-load.ts";
import { keptPageData } from "../client/data-requests.ts";
import { middlewareMayRun, serverMayPickPage } from "./page/server-picks-page.ts";
import { askMiddleware, canonicalPagePath } from "./page/middleware-answer.ts";
import { isNotFoundRouteId } from "../routing/pages.ts";
import { stripBasePath, withBasePath } from "../routing/base-path.ts";
import { TRAILING_SLASH } from "../routing/canonical-url.ts";
import { domainHostOf, type DomainLocale } from "../routing/site-config.ts";
import {
  formatUrl,
  domainHref,
  localizedHref,
  onlyHashChanges,
  resolveHref,
  type LocaleSettings,
  type Url,
} from "./routing/href.ts";
import type { NextQuery } from "./routing/query.ts";

export type { Url, UrlObject } from "./routing/href.ts";

/** The router's fields, as a page sees them. */
export interface RouterFields {
  /** The page's route pattern: `/blog/[slug]`. */
  readonly pathname: string;
  readonly route: string;
  readonly query: NextQuery;
  /** The path shown, without base path and locale prefix, query (and hash) included. */
  readonly asPath: string;
  readonly basePath: string;
  readonly locale: string | undefined;
  readonly locales: string[] | undefined;
  readonly defaultLocale: string | undefined;
  /** `i18n.domains` as the config writes it; undefined without. */
  readonly domainLocales: DomainLocale[] | undefined;
  /** Whether the page's host is one of them. */
  readonly isLocaleDomain: boolean;
  readonly isFallback: boolean;
  readonly isReady: boolean;
  readonly isPreview: boolean;
}

export interface TransitionOptions {
  shallow?: boolean;
  locale?: string | false;
  scroll?: boolean;
  unstable_skipClientCache?: boolean;
}

/** The router's events, as Next.js names them. */
const ROUTER_EVENTS = [
  "routeChangeStart",
  "beforeHistoryChange",
  "routeChangeComplete",
  "routeChangeError",
  "hashChangeStart",
  "hashChangeComplete",
] as const;

export type RouterEvent = (typeof ROUTER_EVENTS)[number];

type Handler = (...args: never[]) => void;

/** `router.events`: Next.js's mitt, `on`, `off` and `emit`. */
export interface RouterEvents {
  on(type: RouterEvent, handler: Handler): void;
  off(type: RouterEvent, handler: Handler): void;
  emit(type: RouterEvent, ...args: unknown[]): void;
}

function createEvents(): RouterEvents {
  const handlers = new Map<string, Handler[]>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    off(type, handler) {
      const list = handlers.get(type);
      if (list)
        handlers.set(
          type,
          list.filter((h) => h !== handler),
        );
    },
    emit(type, ...args) {
      for (const handler of handlers.get(type) ?? [])
        (handler as (...a: unknown[]) => void)(...args);
    },
  };
}

export interface BeforePopStateArgs {
  url: string;
  as: string;
  options: TransitionOptions;
}
export type BeforePopStateCallback = (state: BeforePopStateArgs) => boolean;

export interface NextRouter extends RouterFields {
  push(url: Url, as?: Url, options?: TransitionOptions): Promise<boolean>;
  replace(url: Url, as?: Url, options?: TransitionOptions): Promise<boolean>;
  reload(): void;
  back(): void;
  forward(): void;
  prefetch(url: string, as?: string, options?: { locale?: string | false }): Promise<void>;
  beforePopState(callback: BeforePopStateCallback): void;
  readonly events: RouterEvents;
}

/** Every router shares one set of events, as Next.js's singleton does. */
const events = createEvents();

/** The page shown (or being rendered), with what the router needs beyond its fields. */
interface Current {
  fields: RouterFields;
  settings: LocaleSettings;
}
let current: Current | null = null;

/** Made by the host (host.tsx) for each render: a new object when a field changes. */
export function createRouter(fields: RouterFields, settings: LocaleSettings): NextRouter {
  if (typeof window !== "undefined") current = { fields, settings };
  return { ...fields, ...methods, events };
}

/** A cancelled navigation's error, as Next.js makes it. */
function cancelled(): Error & { cancelled: true } {
  return Object.assign(new Error("Route Cancelled"), { cancelled: true as const });
}

interface Pending {
  readonly as: string;
  readonly props: { shallow: boolean };
  /** Its navigation was seen starting in React Router's state. */
  seen: boolean;
  historyChanged: boolean;
  committed: boolean;
  readonly settle: (done: boolean) => void;
  readonly done: Promise<boolean>;
}

/** The route change in progress, from its start event to its complete (or error) event. */
let pending: Pending | null = null;

/**
 * A route change starts: the one in progress, if any, is cancelled (its error
 * event), unless this one is where it was redirected (`redirected`), which
 * Next.js starts with no word of the first.
 */
function begin(
  as: string,
  props: { shallow: boolean },
  seen: boolean,
  redirected = false,
): Pending {
  if (pending) {
    const superseded = pending;
    pending = null;
    if (!redirected) events.emit("routeChangeError", cancelled(), superseded.as, superseded.props);
    superseded.settle(false);
  }
  let settle!: (done: boolean) => void;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  const started: Pending = {
    as,
    props,
    seen,
    historyChanged: false,
    committed: false,
    settle,
    done,
  };
  pending = started;
  events.emit("routeChangeStart", as, props);
  return started;
}

function beforeHistoryChange(navigation: Pending): void {
  if (navigation.historyChanged) return;
  navigation.historyChanged = true;
  events.emit("beforeHistoryChange", navigation.as, navigation.props);
}

/** Called by the host once the page a navigation committed has rendered. */
export function routeRendered(): void {
  if (!pending?.committed) return;
  const completed = pending;
  pending = null;
  events.emit("routeChangeComplete", completed.as, completed.props);
  completed.settle(true);
}

/**
 * Called when the shell gives up on a client navigation and loads its target
 * as a document (route-load timeout, failed load): its error event, as Next.js
 * emits one before its own hard navigation.
 */
export function routeAbandoned(error: unknown): void {
  if (!pending) return;
  const abandoned = pending;
  pending = null;
  events.emit("routeChangeError", error, abandoned.as, abandoned.props);
  abandoned.settle(false);
}

/** What a navigation of next/router keeps in its history entry. */
export interface NextHistoryState {
  /** The page asked for, when it was a route pattern filled in from its query. */
  readonly nextHref?: string;
  /** Next.js's error page asked for under this URL (`router.push("/404", as)`): shown instead of the URL's. */
  readonly nextErrorPage?: "/404" | "/_error";
}

/**
 * The query a page's router and data URL read, as Next.js reads it: from the
 * page asked for (its history entry's `nextHref`) when there was one, so its
 * keys come in that order; else from the URL shown. The values are the same.
 */
export function querySearchOf(search: string, state: unknown): string {
  const href = (state as NextHistoryState | null | undefined)?.nextHref;
  if (typeof href !== "string") return search;
  const at = href.indexOf("?");
  return at === -1 ? search : href.slice(at);
}

const dataRouter = (): DataRouter | undefined =>
  typeof window === "undefined" ? undefined : window.__reactRouterDataRouter;

/** The base path React Router runs under: "" or `/shop`. */
function basePath(): string {
  return current?.fields.basePath ?? "";
}

/** The URL shown now, base path included: `/docs/fr/about?x=1#top`. */
const currentShownUrl = () => location.pathname + location.search + location.hash;

/** The URL shown now, below the base path: `/fr/about?x=1#top`. */
function shownPath(): string {
  const path = location.pathname.slice(basePath().length) || "/";
  return path + location.search + location.hash;
}

/** The path alone of a URL of this site (`/docs/fr/about?x=1#top` -> `/docs/fr/about`). */
const pathOf = (url: string) => new URL(url, location.origin).pathname;

/** A path React Router showed, as an event names it: base path, locale, query and hash. */
const eventUrlOf = (path: string) => basePath() + path;

/**
 * The URL a masked location shows for `path` (below the base path): React
 * Router puts no basename before a mask, so it is given one here.
 */
const maskOf = (path: string) => withBasePath(path, basePath(), TRAILING_SLASH === "always");

/** The paths a shallow navigation goes to, until its loaders are asked whether to run. */
let shallowTarget: string | null = null;

/**
 * Whether React Router should load data for a navigation: not for a shallow
 * one (`router.push(url, as, { shallow: true })`) to the same page.
 */
export function isShallowNavigation({
  currentUrl,
  nextUrl,
}: {
  currentUrl: URL;
  nextUrl: URL;
}): boolean {
  if (shallowTarget === null) return false;
  const base = basePath();
  const next = nextUrl.pathname.slice(base.length) + nextUrl.search;
  return next === shallowTarget && currentUrl.pathname === nextUrl.pathname;
}

/** The browser loads `href` as a document, this page left: a promise that never settles. */
function leaveFor(method: "push" | "replace", href: string): Promise<boolean> {
  if (method === "replace") location.replace(href);
  else location.assign(href);
  return new Promise<boolean>(() => {});
}

/** Redirects of the site's middleware followed in the page, one after another, before a document load. */
const MAX_MIDDLEWARE_REDIRECTS = 20;

/**
 * `hops`: the middleware's redirects followed in the page so far, the first
 * starting at `startedAt`; the navigation's route-load timeout counts from there.
 */
async function change(
  method: "push" | "replace",
  url: Url,
  as: Url | undefined,
  options: TransitionOptions = {},
  hops = 0,
  startedAt: number | null = null,
): Promise<boolean> {
  const router = dataRouter();
  if (!router || !current) throw new Error("next/router: the router is not mounted yet");
  const { fields, settings } = current;
  const resolved = resolveHref(url, as, fields, location.origin);
  if (resolved === null) {
    // Another origin: the browser goes there; this page is left.
    const href = formatUrl(as ?? url);
    return leaveFor(method, href);
  }
  // A locale another locale domain serves (i18n.domains): its page there, loaded
  // as a document, as Next.js's client goes there.
  const away = domainHref(resolved.as, options.locale, settings, {
    trailingSlash: TRAILING_SLASH,
    basePath: basePath(),
  });
  if (away !== null && domainHostOf(away.domain.domain) !== domainHostOf(location.host)) {
    return leaveFor(method, away.href);
  }
  const target = localizedHref(resolved.as, options.locale, settings);
  // A path no page answers (an API route, a file, nothing) is the server's to
  // answer: the browser loads it as a document, as Next.js's client does.
  // The page React Router renders: the target's, or the one a middleware rewrote it to.
  let page = target;
  // The URL shown when React Router renders another page (a masked location).
  let mask: string | undefined;
  // An `as` that another page answers than `href`'s, a page without parameters
  // (`<Link href="/post?id=1" as="/p/1">`, an older Next.js idiom): Next.js renders
  // href's page under as's URL. (Next.js loads an `as` that does not fit a dynamic
  // href's page as a document, as the shell does below.)
  const hrefPage = localizedHref(resolved.href, options.locale, settings);
  const hrefRoute = as === undefined ? null : pageRouteAt(router, eventUrlOf(hrefPage));
  // `router.push("/404", "/slug-2")` (or `/_error`): Next.js shows its error page
  // under as's URL, in the page, whatever page that URL has. So does the shell: the
  // history entry says so, and the page's client loader shows the not-found page.
  const errorPage = as === undefined ? null : errorPageNamed(resolved.href);
  if (errorPage !== null) {
    // The target's own page, told to show the not-found page instead (page/client.tsx);
    // in the site's slash style, so no redirect loses what its entry says.
    page = canonicalPagePath(target);
  } else if (
    hrefRoute !== null &&
    !/[:*]/.test(hrefRoute.path ?? "") &&
    hrefRoute.id !== leafRouteOf(router, eventUrlOf(target))?.id
  ) {
    page = canonicalPagePath(hrefPage);
    mask = maskOf(canonicalPagePath(target));
  } else if (
    options.shallow === true &&
    middlewareMayRun(pathOf(eventUrlOf(target)), basePath()) &&
    !answeredByPage(router, eventUrlOf(target))
  ) {
    // A shallow navigation to a URL the middleware may act on and no page of the
    // site answers (the page shown is the middleware's rewrite) keeps the page
    // shown, as Next.js's client keeps it (it asks the middleware nothing): the URL
    // and the query change, no data is loaded. (Next.js keeps it whatever page the
    // URL has; a shallow push to another page of the site loads that page here.)
    const shown = router.state.location.pathname;
    page = canonicalPagePath(
      (stripBasePath(shown, basePath()) ?? shown) + new URL(target, location.origin).search,
    );
    mask = maskOf(canonicalPagePath(target));
  } else if (!answeredByPage(router, eventUrlOf(target))) {
    // With a middleware or rewrites, the server is asked first, as Next.js's client
    // asks it: a redirect is followed in the page, a rewrite to a page shown under
    // the target's URL.
    const answer =
      serverMayPickPage(pathOf(eventUrlOf(target)), basePath()) && hops < MAX_MIDDLEWARE_REDIRECTS
        ? await (async () => {
            startedAt ??= Date.now();
            const tracking = beginNavigation(eventUrlOf(target), undefined, startedAt);
            const answered = await askMiddleware(eventUrlOf(target), basePath());
            // Superseded by another navigation, or given up for a document load meanwhile.
            if (!tracking.active()) return "superseded" as const;
            tracking.end();
            return answered;
          })()
        : null;
    if (answer === "superseded") return false;
    if (answer !== null && "redirect" in answer) {
      const next = { ...options, locale: false as const };
      return change(method, answer.redirect, undefined, next, hops + 1, startedAt);
    }
    if (
      answer !== null &&
      "rewrite" in answer &&
      answeredByPage(router, eventUrlOf(answer.rewrite))
    ) {
      page = canonicalPagePath(answer.rewrite);
      mask = maskOf(canonicalPagePath(target));
    } else {
      const href =
        answer !== null && "redirectElsewhere" in answer
          ? answer.redirectElsewhere
          : eventUrlOf(target);
      return leaveFor(method, href);
    }
  }
  const props = { shallow: options.shallow === true };
  const eventUrl = eventUrlOf(target);
  const navigate = () => {
    // A redirect of the middleware goes on from the click's start (route-load.ts).
    carryNavigationStart(startedAt);
    return router.navigate(page, {
      // Another page than the target's, shown under the target's URL.
      ...(mask !== undefined && { mask }),
      // Another page under the URL shown now replaces its entry, as Next.js does
      // (it pushes no second entry of one URL): back leaves that URL.
      replace: method === "replace" || (mask !== undefined && mask === currentShownUrl()),
      preventScrollReset: options.scroll === false,
      // The page asked for, kept with the history entry as Next.js keeps it: a route
      // pattern's query (`/blog/[slug]?slug=a&x=1`) orders `router.query`'s keys.
      ...(errorPage !== null
        ? { state: { nextErrorPage: errorPage } satisfies NextHistoryState }
        : resolved.href !== resolved.as && {
            state: { nextHref: resolved.href } satisfies NextHistoryState,
          }),
    });
  };
  if (onlyHashChanges(shownPath(), target)) {
    events.emit("hashChangeStart", eventUrl, props);
    hashChange = true;
    try {
      await navigate();
    } finally {
      hashChange = false;
    }
    events.emit("hashChangeComplete", eventUrl, props);
    return true;
  }
  const navigation = begin(eventUrl, props, false);
  // The page React Router goes to, which a masked navigation's URL is not.
  shallowTarget = props.shallow ? page.split("#", 1)[0]! : null;
  try {
    await navigate();
  } finally {
    shallowTarget = null;
  }
  return navigation.done;
}

/**
 * Shows the page at `page` (below the base path, canonical) under the URL
 * `asked` (canonical too), where a navigation to `asked` is under way: the
 * site's middleware rewrote it (app/next/page/middleware-answer.ts). A new navigation takes the pending one's place,
 * its route-load timeout counting from the click; with no page there, `asked`
 * loads as a document.
 */
export function showRewritten(page: string, asked: string): Promise<never> {
  const router = dataRouter();
  if (!router || !answeredByPage(router, eventUrlOf(page))) {
    return replacedByDocument(eventUrlOf(asked));
  }
  carryNavigationStart(pendingNavigationStart());
  void router.navigate(page, { mask: maskOf(asked) });
  return new Promise<never>(() => {});
}

/** The route that answers `href` (base path included), or null. */
function leafRouteOf(router: DataRouter, href: string): { id: string; path?: string } | null {
  return router.match(new URL(href, location.origin).pathname)?.at(-1)?.route ?? null;
}

/** The route of the page of the site that answers `href`: null for none, or the not-found route. */
function pageRouteAt(router: DataRouter, href: string): { id: string; path?: string } | null {
  const leaf = leafRouteOf(router, href);
  return leaf === null || isNotFoundRouteId(leaf.id) ? null : leaf;
}

/** The error page `href` (below the base path, as asked) names, `/404` or `/_error`, or null. */
function errorPageNamed(href: string): "/404" | "/_error" | null {
  const { pathname } = new URL(href, location.origin);
  return pathname === "/404" || pathname === "/_error" ? pathname : null;
}

/** Whether a page of the site answers `href` (base path included): not only the not-found route. */
function answeredByPage(router: DataRouter, href: string): boolean {
  return pageRouteAt(router, href) !== null;
}

/** Set while React Router changes the hash alone: no history event of a route change. */
let hashChange = false;

let beforePopStateCallback: BeforePopStateCallback | null = null;

const methods = {
  push: (url: Url, as?: Url, options?: TransitionOptions) => change("push", url, as, options),
  replace: (url: Url, as?: Url, options?: TransitionOptions) => change("replace", url, as, options),
  reload: () => window.location.reload(),
  back: () => window.history.back(),
  forward: () => window.history.forward(),
  prefetch: async (url: string, as?: string, options: { locale?: string | false } = {}) => {
    if (!current) return;
    const resolved = resolveHref(url, as, current.fields, location.origin);
    if (resolved === null) return;
    const target = localizedHref(resolved.as, options.locale, current.settings);
    await prefetcher?.(target);
  },
  beforePopState(callback: BeforePopStateCallback) {
    beforePopStateCallback = callback;
  },
};

/** What prefetches a page's code and data (the shell's prefetcher registers itself). */
let prefetcher: ((path: string) => Promise<void>) | null = null;
export function registerPrefetcher(prefetch: (path: string) => Promise<void>): void {
  prefetcher = prefetch;
}

/**
 * Follows React Router's navigations in the browser, from the first render of
 * the host on: their starts (a navigation this module did not start: a
 * React Router link, Back and Forward), and their commits. Once per page load.
 */
let following = false;
export function followNavigations(): void {
  const router = dataRouter();
  if (following || !router) return;
  following = true;
  let lastLocation: Location = router.state.location;
  let lastNavigation: Location | undefined;
  router.subscribe((state) => {
    const { navigation } = state;
    if (navigation.state !== "idle" && navigation.location !== lastNavigation) {
      lastNavigation = navigation.location;
      if (navigation.location && !hashChange) {
        // React Router marks the location a loader or action redirected to.
        const redirected =
          (navigation.location.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
        if (pending && !pending.seen && !redirected) pending.seen = true;
        else {
          begin(
            eventUrlOf(createPath(navigation.location)),
            { shallow: pending?.props.shallow ?? false },
            true,
            redirected,
          );
        }
      }
    }
    if (state.location !== lastLocation) {
      const previous = lastLocation;
      lastLocation = state.location;
      if (hashChange || !pending) return;
      if (navigation.state !== "idle" && previous.key === state.location.key) return;
      beforeHistoryChange(pending);
      pending.committed = true;
    }
  });
}

/** The page's location before the last `popstate`, to tell a change of hash alone. */
let lastShown: string | null = null;

if (typeof window !== "undefined") {
  // The shell gives up on a navigation (timeout, failed load) and loads its target:
  // Next.js emits routeChangeError before its own hard navigation.
  // A page whose data answered with an error: the error Next.js's client makes then.
  onNavigationAbandoned((target, reason) =>
    routeAbandoned(
      reason === "failed-data"
        ? new Error("Failed to load static props")
        : Object.assign(new Error(`Failed to load ${target}`), { cancelled: false }),
    ),
  );
  lastShown = location.pathname + location.search + location.hash;
  // Registered as this module loads, before React Router's own listener: a
  // `beforePopState` callback that says no stops the event before it.
  window.addEventListener("popstate", (event) => {
    const shown = location.pathname + location.search + location.hash;
    const previous = lastShown;
    lastShown = shown;
    const path = shownPath();
    if (beforePopStateCallback) {
      const proceed = beforePopStateCallback({ url: path, as: path, options: {} });
      if (proceed === false) {
        event.stopImmediatePropagation();
        return;
      }
    }
    if (previous !== null && onlyHashChanges(previous, shown)) {
      events.emit("hashChangeStart", eventUrlOf(path), { shallow: false });
      queueMicrotask(() => events.emit("hashChangeComplete", eventUrlOf(path), { shallow: false }));
      hashChange = true;
      queueMicrotask(() => (hashChange = false));
      return;
    }
    begin(eventUrlOf(path), { shallow: false }, false);
  });
  for (const name of ["pushState", "replaceState"] as const) {
    const original = window.history[name].bind(window.history);
    window.history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
      // React Router changes the URL as it commits a navigation it is followed in:
      // Next.js's beforeHistoryChange comes right before, with the URL still the old one.
      if (following && pending && !hashChange && url != null) beforeHistoryChange(pending);
      original(data, unused, url);
      lastShown = location.pathname + location.search + location.hash;
    };
  }
}

export const RouterContext = createContext<NextRouter | null>(null);

/** The router of the page being rendered. */
export function useRouter(): NextRouter {
  const router = useContext(RouterContext);
  if (router === null) {
    throw new Error(
      "NextRouter was not mounted: useRouter() works inside a page of the pages folder",
    );
  }
  return router;
}

export interface WithRouterProps {
  router: NextRouter;
}

/** `withRouter(Component)`: the router as a prop, `getInitialProps` carried over. */
export function withRouter<P extends WithRouterProps>(
  Component: ComponentType<P> & { getInitialProps?: unknown },
): ComponentType<Omit<P, "router">> {
  function WithRouter(props: Omit<P, "router">): ReactElement {
    return <Component {...(props as P)} router={useRouter()} />;
  }
  WithRouter.getInitialProps = Component.getInitialProps;
  WithRouter.displayName = `withRouter(${Component.displayName ?? Component.name ?? "Component"})`;
  return WithRouter;
}

const readyCallbacks: (() => void)[] = [];
/** Runs the callbacks waiting for the router, once it is there. */
export function routerReady(): void {
  for (const callback of readyCallbacks.splice(0)) callback();
}

function singletonField<K extends keyof RouterFields>(field: K): RouterFields[K] {
  if (!current) {
    throw new Error(
      'No router instance found. You should only use "next/router" on the client side of your app.',
    );
  }
  return current.fields[field];
}

/**
 * The singleton: `import Router from "next/router"`, the page's router outside
 * React (in the browser only, as in Next.js), and its events from anywhere.
 */
const Router = {
  get pathname() {
    return singletonField("pathname");
  },
  get route() {
    return singletonField("route");
  },
  get query() {
    return singletonField("query");
  },
  get asPath() {
    return singletonField("asPath");
  },
  get basePath() {
    return singletonField("basePath");
  },
  get locale() {
    return singletonField("locale");
  },
  get locales() {
    return singletonField("locales");
  },
  get defaultLocale() {
    return singletonField("defaultLocale");
  },
  get isFallback() {
    return singletonField("isFallback");
  },
  get isReady() {
    return singletonField("isReady");
  },
  get isPreview() {
    return singletonField("isPreview");
  },
  /** Next.js's data cache, `router.sdc`: the pages' data kept, by absolute data URL (data-requests.ts). */
  get sdc(): Record<string, Promise<unknown>> {
    return keptPageData();
  },
  get router(): NextRouter | null {
    return current ? { ...current.fields, ...methods, events } : null;
  },
  ...methods,
  events,
  /** Runs `callback` once the router exists (at once if it does). */
  ready(callback: () => void) {
    if (current) callback();
    else readyCallbacks.push(callback);
  },
};

/**
 * The singleton's older hooks, which Next.js still calls: `Router.onRouteChangeStart
 * = fn` and the like, one field per event, run after the event's other handlers;
 * one that throws is logged, as Next.js logs it, and the others still run.
 */
// Once the router exists, as Next.js adds them: after the handlers the site's modules added.
Router.ready(() => {
  for (const event of ROUTER_EVENTS) {
    const field = `on${event[0]!.toUpperCase()}${event.slice(1)}`;
    events.on(event, (...args: unknown[]) => {
      const hook = (Router as Record<string, unknown>)[field];
      if (typeof hook !== "function") return;
      try {
        (hook as (...a: unknown[]) => void)(...args);
      } catch (error) {
        console.error(`Error when running the Router event: ${field}`, error);
      }
    });
  }
});

export default Router;
