import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";
import { usePage } from "../../page-params.ts";
import { useLocalePath } from "../../root-data.ts";

// An optional catch-all: `/shop` is the shop's front page, with no parameter at all.
export default function Shop() {
  const m = messages(useLocalePath().locale).shop;
  const filters = usePage()?.params.filters;
  const body = filters ? m.filtered([filters].flat().join(", ")) : m.all;
  return (
    <Page title={m.title} description={body}>
      <p>{body}</p>
    </Page>
  );
}
