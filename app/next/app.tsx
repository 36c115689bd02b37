/**
 * `next/app`: the default `_app` (the page, with its props), its
 * `getInitialProps` (the page's own), and the types a custom `_app` uses.
 */
import { Component, type ComponentType } from "react";
import { defaultAppInitialProps } from "./page/initial-props.ts";
import type { NextPageContext } from "./page/types.ts";
import type { NextRouter } from "./router.tsx";

export type { NextPageContext } from "./page/types.ts";

export interface AppInitialProps<P = Record<string, unknown>> {
  pageProps: P;
}

export type AppProps<P = Record<string, unknown>> = AppInitialProps<P> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Component: ComponentType<any> & Record<string, any>;
  router: NextRouter;
};

export interface AppContext {
  Component: ComponentType<Record<string, unknown>>;
  router: NextRouter;
  ctx: NextPageContext;
  AppTree: ComponentType<Record<string, unknown>>;
}

export type AppType = ComponentType<AppProps> & {
  getInitialProps?: (context: AppContext) => Promise<AppInitialProps> | AppInitialProps;
};

export default class App<P = Record<string, unknown>> extends Component<AppProps & P> {
  static origGetInitialProps = defaultAppInitialProps;
  static getInitialProps = defaultAppInitialProps as unknown as (
    context: AppContext,
  ) => Promise<AppInitialProps>;

  override render() {
    const { Component: Page, pageProps } = this.props as AppProps;
    return <Page {...pageProps} />;
  }
}
