import { data } from "react-router";
import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";
import { useLocalePath } from "../root-data.ts";
import type { Route } from "./+types/docs";

function segments(splat: string | undefined): string[] {
  return (splat ?? "").split("/").filter(Boolean);
}

// The loader reads only the URL: each docs page is rendered once.
export const renderOnce = true;

export function loader({ params }: Route.LoaderArgs) {
  // A required catch-all needs at least one segment: `/docs` alone is not a page.
  if (segments(params["*"]).length === 0) throw data(null, { status: 404 });
  return null;
}

export default function Docs({ params }: Route.ComponentProps) {
  const m = messages(useLocalePath().locale).docs;
  const path = segments(params["*"]);
  const body = m.body(path.join(" / "));
  return (
    <Page pattern="/docs/[...path]" params={{ path }} title={m.title} description={body}>
      <p>{body}</p>
    </Page>
  );
}
