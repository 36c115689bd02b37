/**
 * `next/document`: the parts of the HTML document a `_document` arranges.
 *
 * - `<Html>`: `<html>`, its `lang` the page's locale unless given.
 * - `<Head>`: `<head>`, with what the shell needs first in it (the charset, the
 *   script that resumes a navigation after a failed route load, the
 *   NEXT_PUBLIC_* values the server was given at start), the small
 *   global stylesheets `_app` imports (inline-styles.ts), the `_document`'s own
 *   children, and React Router's links and styles.
 * - `<Main>`: the app (`<div id="__next">`, as Next.js wraps it).
 * - `<NextScript>`: the scripts, the shell's browser behaviours among them
 *   (route-load fallbacks, prefetching, scroll restoration, the viewport fix),
 *   and the page's `__NEXT_DATA__` (next-data-script.tsx).
 *
 * Unlike Next.js's, the document is rendered in the browser too (React Router
 * hydrates the whole document): it must render the same there.
 */
import { Component, createContext, useContext, type HTMLAttributes, type ReactNode } from "react";
import { Links, Meta, Scripts, ScrollRestoration } from "react-router";
import { HistoryNavigationFallback } from "../client/history-navigation.tsx";
import { LinkPrefetcher } from "../client/prefetch.tsx";
import { RESUME_NAVIGATION_SCRIPT } from "../client/route-load.ts";
import { rewrittenPageScript } from "../client/rewritten-page.ts";
import { useRootData } from "../root-data.ts";
import { ViewportHeightSync } from "../client/viewport-height.tsx";
import { currentPublicEnv, publicEnvScript } from "../site/public-env.ts";
import { inlineStyles } from "./inline-styles.ts";
import { NextDataScript } from "./next-data-script.tsx";

/** What the document's parts need from the page: its locale, the response's nonce, the app. */
export interface DocumentParts {
  readonly locale: string | undefined;
  readonly nonce: string | undefined;
  readonly main: ReactNode;
}

export const DocumentPartsContext = createContext<DocumentParts>({
  locale: undefined,
  nonce: undefined,
  main: null,
});

export function Html({ lang, children, ...rest }: HTMLAttributes<HTMLHtmlElement>) {
  const { locale } = useContext(DocumentPartsContext);
  return (
    <html {...rest} lang={lang ?? locale}>
      {children}
    </html>
  );
}

export function Head({ children, ...rest }: HTMLAttributes<HTMLHeadElement>) {
  const { nonce } = useContext(DocumentPartsContext);
  const rewrittenTo = useRootData()?.rewrittenTo;
  const publicEnv = currentPublicEnv();
  return (
    <head {...rest}>
      <meta charSet="utf-8" />
      {/* First thing on the page: after a failed route load, go on to its target. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RESUME_NAVIGATION_SCRIPT }} />
      {/* The NEXT_PUBLIC_* values the server was given at start, before any module reads one. */}
      {publicEnv !== undefined && Object.keys(publicEnv).length > 0 && (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: publicEnvScript(publicEnv) }} />
      )}
      {/* A page rendered for another URL (a middleware's rewrite): which, before the router starts. */}
      {rewrittenTo !== undefined && (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: rewrittenPageScript(rewrittenTo) }}
        />
      )}
      {inlineStyles().map((css, i) => (
        <style key={i}>{css}</style>
      ))}
      {children}
      <Meta />
      <Links />
    </head>
  );
}

export function Main() {
  const { main } = useContext(DocumentPartsContext);
  return <div id="__next">{main}</div>;
}

export function NextScript() {
  const { nonce } = useContext(DocumentPartsContext);
  return (
    <>
      <ViewportHeightSync />
      <HistoryNavigationFallback />
      <LinkPrefetcher />
      <NextDataScript nonce={nonce} />
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

/** What `Document.getInitialProps` returns, as in Next.js (the page is rendered by React Router). */
export interface DocumentInitialProps {
  html: string;
  head?: ReactNode[];
  styles?: ReactNode;
}

export interface DocumentProps {
  locale?: string;
  styles?: ReactNode;
}

/** The default document, and the class a `_document` extends. */
export default class Document<P = Record<string, unknown>> extends Component<DocumentProps & P> {
  static async getInitialProps(): Promise<DocumentInitialProps> {
    return { html: "" };
  }

  override render() {
    return (
      <Html>
        <Head />
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
