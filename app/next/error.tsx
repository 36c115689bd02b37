/**
 * `next/error`: Next.js's own error page, `<Error statusCode={404} />`, with
 * its texts, for a site without a `404` page or `_error` of its own, and for
 * a page that renders it (`if (!post) return <Error statusCode={404} />`).
 */
import { Component } from "react";
import Head from "./head.tsx";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "This page could not be found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};

export interface ErrorProps {
  statusCode: number;
  title?: string;
  withDarkMode?: boolean;
}

const STYLE =
  "body{color:#000;background:#fff;margin:0}.next-error-h1{border-right:1px solid rgba(0,0,0,.3)}" +
  "@media (prefers-color-scheme:dark){body{color:#fff;background:#000}.next-error-h1{border-right:1px solid rgba(255,255,255,.3)}}";

export default class Error<P = Record<string, never>> extends Component<P & ErrorProps> {
  static displayName = "ErrorPage";

  /** The status of the response, as Next.js's error page reads it. */
  static getInitialProps({
    res,
    err,
  }: {
    res?: { statusCode: number };
    err?: { statusCode?: number } | null;
  }): { statusCode: number } {
    const statusCode = res?.statusCode ?? err?.statusCode ?? 404;
    return { statusCode };
  }

  override render() {
    const { statusCode, title: titleProp, withDarkMode = true } = this.props;
    const title =
      titleProp ||
      (statusCode
        ? (TITLES[statusCode] ?? "An unexpected error has occurred")
        : "Application error: a client-side exception has occurred (see the browser console for more information)");
    return (
      <div
        style={{
          fontFamily:
            'system-ui,"Segoe UI",Roboto,Helvetica,Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji"',
          height: "100vh",
          textAlign: "center",
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        <Head>
          <title>{statusCode ? `${statusCode}: ${title}` : title}</title>
        </Head>
        <div style={{ lineHeight: "48px" }}>
          {withDarkMode && <style dangerouslySetInnerHTML={{ __html: STYLE }} />}
          {statusCode ? (
            <h1
              className="next-error-h1"
              style={{
                display: "inline-block",
                margin: "0 20px 0 0",
                paddingRight: 23,
                fontSize: 24,
                fontWeight: 500,
                verticalAlign: "top",
              }}
            >
              {statusCode}
            </h1>
          ) : null}
          <div style={{ display: "inline-block" }}>
            <h2 style={{ fontSize: 14, fontWeight: 400, lineHeight: "28px" }}>{title}.</h2>
          </div>
        </div>
      </div>
    );
  }
}
