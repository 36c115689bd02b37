import Link from "next/link";
import { useRouter } from "next/router";
import { NoIndex } from "../components/fallback-page.tsx";
import { messages } from "../i18n/messages.ts";

/** The site's not-found page, rendered with status 404 in the locale of the path. */
export default function NotFound() {
  const { locale = "en" } = useRouter();
  const m = messages(locale).notFound;
  return (
    <main data-page="not-found" data-locale={locale}>
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <Link href="/">{m.home}</Link>
    </main>
  );
}
