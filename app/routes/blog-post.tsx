import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";
import { useLocalePath } from "../root-data.ts";
import type { Route } from "./+types/blog-post";

export default function BlogPost({ params }: Route.ComponentProps) {
  const m = messages(useLocalePath().locale).blogPost;
  return (
    <Page pattern="/blog/[slug]" params={{ slug: params.slug }} title={m.title(params.slug)}>
      <p>{m.body}</p>
    </Page>
  );
}
