import { useEffect, useRef, useState } from "react";
import { useMatches } from "react-router";
import Head from "next/head";
import { clientExceptionText } from "./client-exception-text.ts";
import { buildIdOfManifest } from "../routing/build-binding.ts";
import { useCanonicalOptions, useLocalePath, useRootData } from "../root-data.ts";
import {
  newReference,
  REPORT_ENDPOINT,
  withoutQuery,
  type ClientErrorReport,
} from "../routing/reporting.ts";

/**
 * An exception thrown while rendering in the browser: a generic notice, and a
 * report to the server's log (app/routing/reporting.ts) under a short
 * reference the visitor can quote.
 */
export function ClientExceptionNotice({ error }: { error: unknown }) {
  const { locale } = useLocalePath();
  const m = clientExceptionText(locale);
  const matches = useMatches();
  const page = useRootData()?.requestId ?? "";
  const { basePath } = useCanonicalOptions();
  const [reference] = useState(newReference);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // once, StrictMode's second effect included
    sent.current = true;
    const report: ClientErrorReport = {
      type: "client-error",
      reference,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? (error.stack ?? "") : "",
      route: matches.at(-1)?.id ?? "",
      buildId: window.__reactRouterManifest ? buildIdOfManifest(window.__reactRouterManifest) : "",
      page,
      url: withoutQuery(location.href),
    };
    void fetch(basePath + REPORT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {}); // the notice stands whether the report arrives or not
  }, [error, matches, page, reference, basePath]);
  return (
    <main data-page="client-error" data-locale={locale} role="alert">
      <Head>
        <title>{m.title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <p>
        {m.reference}: <code data-client-error-reference={reference}>{reference}</code>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        {m.reload}
      </button>
    </main>
  );
}
