import { useRouter } from "next/router";
import { NoIndex, type ErrorPageProps } from "../components/fallback-page.tsx";
import { messages } from "../i18n/messages.ts";

/**
 * The site's error page, status 500: no detail from the server, only the id of
 * its log line, which the shell gives the page as `requestId`.
 */
export default function ServerError({ requestId }: ErrorPageProps) {
  const { locale = "en" } = useRouter();
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
