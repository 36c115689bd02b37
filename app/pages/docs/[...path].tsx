import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";
import { usePage } from "../../page-params.ts";
import { useLocalePath } from "../../root-data.ts";

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
