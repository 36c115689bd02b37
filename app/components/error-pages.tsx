import { useEffect, useRef, useState } from "react";
import { Link, useMatches } from "react-router";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath, useRootData } from "../root-data.ts";
import { canonicalHref } from "../routing/canonical-url.ts";
import {
  newReference,
  REPORT_ENDPOINT,
  withoutQuery,
  type ClientErrorReport,
} from "../routing/reporting.ts";

/** Error pages are never indexed and carry no canonical or hreflang links. */
function NoIndex({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

export function NotFoundPage() {
  const { locale } = useLocalePath();
  const m = messages(locale).notFound;
  return (
    <main data-page="not-found" data-locale={locale}>
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <Link to={canonicalHref(locale, "/", useCanonicalOptions())}>{m.home}</Link>
    </main>
  );
}

export function StatusErrorPage({ status }: { status: number }) {
  const { locale } = useLocalePath();
  const title = messages(locale).statusError.title(status);
  return (
    <main data-page="status-error" data-status={status} data-locale={locale}>
      <NoIndex title={title} />
      <h1>{title}</h1>
    </main>
  );
}

/** A server-side failure: no detail from the server, only the id in its log line. */
export function ServerErrorPage({ requestId }: { requestId: string | undefined }) {
  const { locale } = useLocalePath();
  const m = messages(locale).serverError;
  return (
    <main data-page="server-error" data-locale={locale}>
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      {requestId && (
        <p>
          {m.reference}: <code data-reference-id={requestId}>{requestId}</code>
        </p>
      )}
    </main>
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
    void fetch(REPORT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {}); // the notice stands whether the report arrives or not
  }, [error, matches, page, reference]);
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
