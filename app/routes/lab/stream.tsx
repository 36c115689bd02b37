import { Suspense } from "react";
import { Await, data } from "react-router";
import { LabPage } from "./frame.tsx";
import type { Route } from "./+types/stream";
import { delay, delayParam, requireFixtures } from "./fixtures.ts";

const FAILURES = ["shell", "early", "late"] as const;
type Failure = (typeof FAILURES)[number];

/**
 * The shell at once, one part after `?ms=N`: for tests of streamed (and
 * compressed) pages. On the server only, `?fail=shell` makes the shell throw,
 * `?fail=early` a part of the page while the shell renders, and `?fail=late`
 * the streamed part once it is ready (the browser recovers those two).
 */
export function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  const ms = delayParam(url);
  const fail = url.searchParams.get("fail");
  if (fail !== null && !FAILURES.includes(fail as Failure)) {
    throw data(`fail must be one of: ${FAILURES.join(", ")}`, { status: 400 });
  }
  return { later: delay(ms, request.signal).then(() => ms), fail: fail as Failure | null };
}

function FailsOnServer({ when }: { when: Failure }) {
  if (typeof document === "undefined") throw new Error(`lab: a streamed part failed (${when})`);
  return null;
}

export default function Stream({ loaderData }: Route.ComponentProps) {
  const { fail } = loaderData;
  return (
    <LabPage pattern="/lab/stream" title="Streaming fixture">
      <p data-shell="">The shell comes first.</p>
      {fail === "shell" && <FailsOnServer when={fail} />}
      <Suspense fallback={<p data-pending="">Waiting.</p>}>
        {fail === "early" && <FailsOnServer when={fail} />}
        <Await resolve={loaderData.later}>
          {(ms) => (
            <>
              {fail === "late" && <FailsOnServer when={fail} />}
              <p data-streamed={ms}>Streamed after {ms} ms.</p>
            </>
          )}
        </Await>
      </Suspense>
    </LabPage>
  );
}
