import { LabPage } from "./frame.tsx";
import type { Route } from "./+types/boom";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context }: Route.LoaderArgs): never {
  requireFixtures(context, request);
  throw new Error("lab: this loader always fails");
}

export default function Boom() {
  return <LabPage pattern="/lab/boom" title="Never rendered" />;
}
