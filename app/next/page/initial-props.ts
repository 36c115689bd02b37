/**
 * `getInitialProps`, of `_app` and of a page, as Next.js runs them: on the
 * server for a document (with `req` and `res`), in the browser for a client
 * navigation to a page whose props come from it. Isomorphic.
 */
import { isObject } from "../../routing/is-object.ts";
import type { AppComponent, AppProps, NextPageContext, PageComponent } from "./types.ts";

const nameOf = (component: { displayName?: string; name?: string }) =>
  component.displayName ?? (component.name || "Unknown");

/** `App.getInitialProps` of next/app: the page's own, as `pageProps`. */
export async function defaultAppInitialProps({
  Component,
  ctx,
}: {
  Component: PageComponent;
  ctx: NextPageContext;
}): Promise<AppProps> {
  if (!Component.getInitialProps) return { pageProps: {} };
  const pageProps = await Component.getInitialProps(ctx);
  if (!isObject(pageProps)) {
    throw new Error(
      `"${nameOf(Component)}.getInitialProps()" should resolve to an object. But found "${String(pageProps)}" instead.`,
    );
  }
  return { pageProps };
}

/** Whether `_app` has a `getInitialProps` of its own (not next/app's, which it may inherit). */
export function customAppInitialProps(App: AppComponent | null): boolean {
  return Boolean(App?.getInitialProps) && App!.getInitialProps !== defaultAppInitialProps;
}

/**
 * The props `_app` renders a page with: its own `getInitialProps`' when it has
 * one (which may call next/app's, as Next.js's examples do), the page's
 * otherwise, or none.
 */
export async function initialProps(
  App: AppComponent | null,
  Component: PageComponent,
  ctx: NextPageContext,
  router: unknown,
): Promise<AppProps> {
  if (!customAppInitialProps(App)) return defaultAppInitialProps({ Component, ctx });
  const props = await App!.getInitialProps!({ Component, router, ctx, AppTree: ctx.AppTree });
  if (!isObject(props)) {
    throw new Error(
      `"${nameOf(App!)}.getInitialProps()" should resolve to an object. But found "${String(props)}" instead.`,
    );
  }
  return { ...props, pageProps: isObject(props.pageProps) ? props.pageProps : {} };
}

/** Whether a page's props come from `getInitialProps` (its own, or `_app`'s). */
export function hasInitialProps(App: AppComponent | null, Component: PageComponent): boolean {
  return customAppInitialProps(App) || Boolean(Component.getInitialProps);
}
