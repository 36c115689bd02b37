import { Link } from "react-router";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath } from "../root-data.ts";
import { canonicalHref } from "../routing/canonical-url.ts";

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
export function ClientExceptionNotice() {
  const { locale } = useLocalePath();
  const m = messages(locale).clientError;
  return (
    <main data-page="client-error" data-locale={locale} role="alert">
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {m.reload}
      </button>
    </main>
  );
}
