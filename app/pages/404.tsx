import { NoIndex } from "../components/fallback-page.tsx";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath } from "../root-data.ts";
import { SiteLink } from "../components/site-link.tsx";
import { canonicalHref } from "../routing/canonical-url.ts";

/** The site's not-found page, rendered with status 404 in the locale of the path. */
export default function NotFound() {
  const { locale } = useLocalePath();
  const m = messages(locale).notFound;
  return (
    <main data-page="not-found" data-locale={locale}>
      <NoIndex title={m.title} />
      <h1>{m.title}</h1>
      <p>{m.body}</p>
      <SiteLink to={canonicalHref(locale, "/", useCanonicalOptions())}>{m.home}</SiteLink>
    </main>
  );
}
