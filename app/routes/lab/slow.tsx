import { LabPage } from "./frame.tsx";
import type { Route } from "./+types/slow";
import { delay, delayParam, requireFixtures } from "./fixtures.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  const waitedMs = delayParam(url);
  await delay(waitedMs, request.signal);
  return { waitedMs };
}

export default function Slow({ loaderData }: Route.ComponentProps) {
  return (
    <LabPage pattern="/lab/slow" title="Slow route">
      <p data-waited-ms={loaderData.waitedMs}>Loaded after {loaderData.waitedMs} ms.</p>
    </LabPage>
  );
}
