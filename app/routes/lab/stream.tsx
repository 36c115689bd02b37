import { Suspense } from "react";
import { Await } from "react-router";
import { Page } from "../../components/page.tsx";
import type { Route } from "./+types/stream";
import { delay, delayParam, requireFixtures } from "./fixtures.ts";

/** The shell at once, one part after `?ms=N`: for tests of streamed (and compressed) pages. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  const ms = delayParam(url);
  return { later: delay(ms, request.signal).then(() => ms) };
}

export default function Stream({ loaderData }: Route.ComponentProps) {
  return (
    <Page pattern="/lab/stream" title="Streaming fixture" description="A test fixture.">
      <p data-shell="">The shell comes first.</p>
      <Suspense fallback={<p data-pending="">Waiting.</p>}>
        <Await resolve={loaderData.later}>
          {(ms) => <p data-streamed={ms}>Streamed after {ms} ms.</p>}
        </Await>
      </Suspense>
    </Page>
  );
}
