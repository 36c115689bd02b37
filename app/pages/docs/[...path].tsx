import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";
import { usePage, type StaticPaths } from "../../page-params.ts";
import { useLocalePath } from "../../root-data.ts";

/** The documents the sitemap lists, as Next.js's getStaticPaths names them. */
export function getStaticPaths(): StaticPaths {
  return { paths: [{ params: { path: ["getting-started", "install"] } }] };
}

// A required catch-all: `/docs` alone matches no page and is the 404 page.
export default function Docs() {
  const m = messages(useLocalePath().locale).docs;
  const path = usePage()?.params.path ?? [];
  const body = m.body([path].flat().join(" / "));
  return (
    <Page title={m.title} description={body}>
      <p>{body}</p>
    </Page>
  );
}
