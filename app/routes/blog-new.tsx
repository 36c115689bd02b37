import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";
import { useLocalePath } from "../root-data.ts";

export default function BlogNew() {
  const m = messages(useLocalePath().locale).blogNew;
  return (
    <Page pattern="/blog/new" title={m.title} description={m.body}>
      <p>{m.body}</p>
    </Page>
  );
}
