import { useRouter } from "next/router";
import { NoIndex } from "../components/fallback-page.tsx";
import { messages } from "../i18n/messages.ts";

/** A status with no page of its own (not 404 nor 500): its number, and the request id when there is one. */
export default function StatusError({
  statusCode,
  requestId,
}: {
  statusCode: number;
  requestId?: string;
}) {
  const { locale = "en" } = useRouter();
  const all = messages(locale);
  const title = all.statusError.title(statusCode);
  return (
    <main data-page="status-error" data-status={statusCode} data-locale={locale}>
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
