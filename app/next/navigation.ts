/**
 * `next/navigation` in a page of the pages folder, as Next.js answers it
 * there (code shared with the App Router, libraries written for it): each
 * hook reads the pages router (router.tsx). `useRouter()` is the App Router's
 * interface over it; `usePathname()` the path shown, `useSearchParams()` its
 * query and `useParams()` the route's parameters, each once the router is
 * ready (null, or empty, before, as Next.js answers a page not yet ready); the
 * layout segments are the App Router's: null.
 */
import { useMemo } from "react";
import { useRouter as usePagesRouter } from "./compat-router.ts";
import type { NextRouter } from "./router.tsx";

/** The App Router's router, as `next/navigation`'s `useRouter()` gives it. */
export interface AppRouterInstance {
  push(href: string, options?: { scroll?: boolean }): void;
  replace(href: string, options?: { scroll?: boolean }): void;
  refresh(): void;
  back(): void;
  forward(): void;
  prefetch(href: string): void;
}

/** A query read-only, as `useSearchParams()` gives it. */
export type ReadonlyURLSearchParams = Omit<URLSearchParams, "append" | "delete" | "set" | "sort">;

function usePagesRouterOf(hook: string): NextRouter {
  const router = usePagesRouter();
  if (router === null)
    throw new Error(`next/navigation's ${hook}() is used outside a page of the pages folder`);
  return router;
}

export function useRouter(): AppRouterInstance {
  const router = usePagesRouterOf("useRouter");
  return useMemo(
    () => ({
      push: (href, options) => void router.push(href, undefined, { scroll: options?.scroll }),
      replace: (href, options) => void router.replace(href, undefined, { scroll: options?.scroll }),
      refresh: () => router.reload(),
      back: () => router.back(),
      forward: () => router.forward(),
      prefetch: (href) => void router.prefetch(href),
    }),
    [router],
  );
}

/** The path shown, without its query; null while a dynamic page is not ready. */
export function usePathname(): string | null {
  const router = usePagesRouterOf("usePathname");
  if (!router.isReady && router.pathname.includes("[")) return null;
  return new URL(router.asPath, "http://n").pathname;
}

/** The query of the path shown; empty until the router is ready. */
export function useSearchParams(): ReadonlyURLSearchParams {
  const router = usePagesRouterOf("useSearchParams");
  const { isReady, asPath } = router;
  return useMemo(
    () => (isReady ? new URL(asPath, "http://n").searchParams : new URLSearchParams()),
    [isReady, asPath],
  );
}

/** A route's parameter names, as its pattern writes them: `/blog/[slug]/[[...rest]]` -> slug, rest. */
const PARAM = /\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}/g;

/** The route's parameters (a catch-all's as an array); null until the router is ready. */
export function useParams(): Record<string, string | string[]> | null {
  const router = usePagesRouterOf("useParams");
  const { isReady, pathname, query } = router;
  return useMemo(() => {
    if (!isReady) return null;
    const params: Record<string, string | string[]> = {};
    for (const [, name] of pathname.matchAll(PARAM)) {
      const value = query[name!];
      if (value !== undefined) params[name!] = value;
    }
    return params;
  }, [isReady, pathname, query]);
}

/** The App Router's layout segments: none in the pages folder. */
export function useSelectedLayoutSegment(): string | null {
  return null;
}

export function useSelectedLayoutSegments(): string[] | null {
  return null;
}

function appRouterOnly(name: string): never {
  throw new Error(
    `next/navigation's ${name}() is the App Router's; in a page use getServerSideProps' notFound or redirect, or next/router`,
  );
}

export function notFound(): never {
  return appRouterOnly("notFound");
}

export function redirect(): never {
  return appRouterOnly("redirect");
}

export function permanentRedirect(): never {
  return appRouterOnly("permanentRedirect");
}
