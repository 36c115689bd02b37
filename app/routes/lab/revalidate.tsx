import { LabPage } from "./frame.tsx";
import { requestInfo } from "../../context.ts";
import type { Route } from "./+types/revalidate";
import { increment } from "./counter.server.ts";
import { formFields, requireFixtures } from "./fixtures.ts";

/**
 * Time-based revalidation, as a page built by getStaticProps with `revalidate: 2`:
 * rendered once, and again in the background once two seconds old. The page shows
 * how many times its loader ran (in this process, or with a shared cache in its
 * Redis, across replicas), so a test can tell which render it was served. A POST with `fail=1` makes the loader throw in the renders made
 * to be kept (as a CMS that is down when the page is revalidated; the POST's own
 * answer still renders), `fail=0` mends it: only for tests of what a failed
 * revalidation does.
 */
export const revalidate = 2;
/** For on-demand revalidation by tag (tests/integration/on-demand.test.ts). */
export const tags = ["lab"];

let failing = false;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireFixtures(context, request);
  if (failing && requestInfo(context, request).renderedOnce) {
    throw new Error("lab/revalidate: the data source is down (as asked)");
  }
  return { render: await increment("revalidate-renders") };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireFixtures(context, request);
  failing = (await formFields(request)).get("fail") === "1";
  return { failing };
}

export default function Revalidate({ loaderData }: Route.ComponentProps) {
  return (
    <LabPage pattern="/lab/revalidate" title="Revalidation fixture">
      <p data-render={loaderData.render}>Render {loaderData.render} of this page.</p>
    </LabPage>
  );
}
