import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";
import { useLocalePath } from "../root-data.ts";

export default function About() {
  const m = messages(useLocalePath().locale).about;
  return (
    <Page title={m.title} description={m.body}>
      <p>{m.body}</p>
    </Page>
  );
}
