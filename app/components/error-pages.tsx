import { useEffect, useRef, useState } from "react";
import { useMatches } from "react-router";
import { hasMessages, messages } from "../i18n/messages.ts";
import { buildIdOfManifest } from "../routing/build-binding.ts";
import { useCanonicalOptions, useLocalePath, useRootData } from "../root-data.ts";
import { NoIndex } from "./fallback-page.tsx";
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
  // The notice's text is the example site's, in English for a site whose locale it lacks.
  const all = messages(hasMessages(locale) ? locale : "en");
  const m = all.clientError;
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
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <p>
        {all.serverError.reference}:{" "}
        <code data-client-error-reference={reference}>{reference}</code>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        {m.reload}
      </button>
    </main>
  );
}
