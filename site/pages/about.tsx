import { useRouter } from "next/router";
import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";

export default function About() {
  const m = messages(useRouter().locale ?? "en").about;
  return (
    <Page title={m.title} description={m.body}>
      <p>{m.body}</p>
    </Page>
  );
}
