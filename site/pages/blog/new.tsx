import { useRouter } from "next/router";
import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";

// A static segment outranks a dynamic one: /blog/new never reaches blog/[slug].
export default function BlogNew() {
  const m = messages(useRouter().locale ?? "en").blogNew;
  return (
    <Page title={m.title} description={m.body}>
      <p>{m.body}</p>
    </Page>
  );
}
