import { useEffect, useState } from "react";
import { LabPage } from "./frame.tsx";
import type { Route } from "./+types/client-error";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireFixtures(context, request);
  return null;
}

/** Renders on the server, then throws in the browser once hydrated. */
export default function ClientError() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    // A task after hydration, as a real bug in an event or a timer would be.
    const timer = setTimeout(() => setHydrated(true));
    return () => clearTimeout(timer);
  }, []);
  if (hydrated) throw new Error("lab: a client-side exception after hydration");
  return <LabPage pattern="/lab/client-error" title="Client error fixture" />;
}
