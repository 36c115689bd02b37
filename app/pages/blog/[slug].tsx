import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";
import { pageParamsOf, type StaticPaths } from "../../page-params.ts";
import { useLocalePath } from "../../root-data.ts";
import type { Route } from "./+types/[slug]";

/**
 * Data loaded for every request, as Next.js's getServerSideProps would: the
 * page is rendered per request (a loader makes a route dynamic unless it
 * exports `renderOnce = true`).
 */
/**
 * The posts the sitemap lists (and a smoke run visits), named as Next.js's
 * getStaticPaths names them; any other slug still renders on demand.
 */
export function getStaticPaths(): StaticPaths {
  return { paths: [{ params: { slug: "hello world" } }, { params: { slug: "hello" } }] };
}

export function loader(args: Route.LoaderArgs) {
  return { slug: String(pageParamsOf(args).slug), servedAt: new Date().toISOString() };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const m = messages(useLocalePath().locale).blogPost;
  const { slug, servedAt } = loaderData;
  return (
    <Page title={m.title(slug)} description={`${m.title(slug)}. ${m.body}`}>
      <p>{m.body}</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Page>
  );
}
