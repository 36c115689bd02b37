import { Link } from "react-router";
import { Page } from "../../components/page.tsx";
import type { Route } from "./+types/links";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  return { targets: url.searchParams.getAll("to") };
}

/** A `<Link>` to each `to` parameter, so a browser test can click its way anywhere. */
export default function Links({ loaderData }: Route.ComponentProps) {
  return (
    <Page pattern="/lab/links" title="Links fixture" description="A test fixture.">
      <ul>
        {loaderData.targets.map((to) => (
          <li key={to}>
            <Link to={to} data-to={to}>
              {to}
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
