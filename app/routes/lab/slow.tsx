import { data } from "react-router";
import { Page } from "../../components/page.tsx";
import type { Route } from "./+types/slow";
import { requireFixtures } from "./fixtures.ts";

export const MAX_DELAY_MS = 10_000;

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  const ms = Number(url.searchParams.get("ms") ?? "0");
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw data("ms must be a whole number of milliseconds", { status: 400 });
  }
  const waitedMs = Math.min(ms, MAX_DELAY_MS);
  await delay(waitedMs, request.signal);
  return { waitedMs };
}

export default function Slow({ loaderData }: Route.ComponentProps) {
  return (
    <Page pattern="/lab/slow" title="Slow route">
      <p data-waited-ms={loaderData.waitedMs}>Loaded after {loaderData.waitedMs} ms.</p>
    </Page>
  );
}
