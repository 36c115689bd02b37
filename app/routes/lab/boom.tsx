import { Page } from "../../components/page.tsx";
import type { Route } from "./+types/boom";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context }: Route.LoaderArgs): never {
  requireFixtures(context, request);
  throw new Error("lab: this loader always fails");
}

export default function Boom() {
  return <Page pattern="/lab/boom" title="Never rendered" description="A test fixture." />;
}
