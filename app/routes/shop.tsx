import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";
import { useLocalePath } from "../root-data.ts";
import type { Route } from "./+types/shop";

export default function Shop({ params }: Route.ComponentProps) {
  const m = messages(useLocalePath().locale).shop;
  // An optional catch-all: zero segments is the shop's front page, with no parameter at all.
  const filters = (params["*"] ?? "").split("/").filter(Boolean);
  const body = filters.length > 0 ? m.filtered(filters.join(", ")) : m.all;
  return (
    <Page
      pattern="/shop/[[...filters]]"
      params={filters.length > 0 ? { filters } : {}}
      title={m.title}
      description={body}
    >
      <p>{body}</p>
    </Page>
  );
}
