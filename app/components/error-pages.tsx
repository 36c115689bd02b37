import { useEffect, useRef, useState, type ComponentType } from "react";
import { useMatches } from "react-router";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath, useRootData } from "../root-data.ts";
import { fallbackPageOf, type FALLBACK_PAGES } from "../routing/pages.ts";
import { NoIndex, type ErrorPageProps } from "./fallback-page.tsx";
import {
  newReference,
  REPORT_ENDPOINT,
  withoutQuery,
  type ClientErrorReport,
} from "../routing/reporting.ts";

// The site's own pages/404.tsx and pages/500.tsx, where it has them (app/routing/pages.ts).
const sitePages = import.meta.glob<{ default: ComponentType<ErrorPageProps> }>(
  "../pages/{404,500}.{tsx,ts,jsx,js}",
  { eager: true },
);
const sitePage = (kind: keyof typeof FALLBACK_PAGES) =>
  Object.entries(sitePages).find(([file]) => fallbackPageOf(file.split("/").at(-1)!) === kind)?.[1]
    .default;
const SiteNotFoundPage = sitePage("notFound");
const SiteErrorPage = sitePage("error");

/** A status with no page of its own: its number, and the request id when there is one. */
export function StatusErrorPage({ status, requestId }: { status: number } & ErrorPageProps) {
  const { locale } = useLocalePath();
  const all = messages(locale);
  const title = all.statusError.title(status);
  return (
    <main data-page="status-error" data-status={status} data-locale={locale}>
      <NoIndex title={title} />
      <h1>{title}</h1>
      {requestId && (
        <p>
          {all.serverError.reference}: <code data-reference-id={requestId}>{requestId}</code>
        </p>
      )}
    </main>
  );
}

/** The not-found page: the site's pages/404.tsx, or the status alone. */
export function NotFoundPage() {
  return SiteNotFoundPage ? <SiteNotFoundPage /> : <StatusErrorPage status={404} />;
}

/** A server-side failure: the site's pages/500.tsx, or the status and the id of its log line. */
export function ServerErrorPage({ requestId }: ErrorPageProps) {
  return SiteErrorPage ? (
    <SiteErrorPage requestId={requestId} />
  ) : (
    <StatusErrorPage status={500} requestId={requestId} />
  );
}

/** A crash in the browser after hydration: a generic notice and a way out. */
/**
 * An exception thrown while rendering in the browser: a generic notice, and a
 * report to the server's log (app/routing/reporting.ts) under a short
 * reference the visitor can quote.
 */
export function ClientExceptionNotice({ error }: { error: unknown }) {
  const { locale } = useLocalePath();
  const all = messages(locale);
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
      buildId: window.__reactRouterManifest?.version ?? "",
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
