import type { GetStaticPaths, GetStaticProps } from "next";
import { useRouter } from "next/router";
import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";

interface Filters {
  filters: string[];
}

/**
 * The shop's front page is listed (and prerendered); any filtered page renders
 * at its first request and is kept, as Next.js's `fallback: "blocking"` does.
 */
export const getStaticPaths: GetStaticPaths = () => ({ paths: ["/shop"], fallback: "blocking" });

export const getStaticProps: GetStaticProps<Filters> = ({ params }) => ({
  props: { filters: [params?.filters ?? []].flat() },
});

// An optional catch-all: `/shop` is the shop's front page, with no parameter at all.
export default function Shop({ filters }: Filters) {
  const m = messages(useRouter().locale ?? "en").shop;
  const body = filters.length > 0 ? m.filtered(filters.join(", ")) : m.all;
  return (
    <Page title={m.title} description={body}>
      <p>{body}</p>
    </Page>
  );
}
