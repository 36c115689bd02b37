import { Form, Link } from "react-router";
import { LabPage } from "./frame.tsx";
import { useCanonicalOptions } from "../../root-data.ts";
import { stripBasePath } from "../../routing/base-path.ts";
import type { Route } from "./+types/links";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context, url }: Route.LoaderArgs) {
  requireFixtures(context, request);
  return { targets: url.searchParams.getAll("to"), form: url.searchParams.get("form") };
}

/**
 * A `<Link>` to each `to` parameter, so a browser test can click its way
 * anywhere. A target is a URL path as the site serves it (under its base
 * path, if it has one); the link is given it below the base, as `<Link>` takes it.
 * A relative one (`../slow`) is given as it is, resolved against this page's
 * path as a folder (`relative="path"`: `/lab/slow`, where a URL reads `/slow`).
 * With `form`, a GET form to that action, whose one field is `ms=6000`.
 */
export default function Links({ loaderData }: Route.ComponentProps) {
  const { basePath } = useCanonicalOptions();
  return (
    <LabPage pattern="/lab/links" title="Links fixture">
      <ul>
        {loaderData.targets.map((to) => (
          <li key={to}>
            <Link to={stripBasePath(to, basePath) ?? to} relative="path" data-to={to}>
              {to}
            </Link>
          </li>
        ))}
      </ul>
      {loaderData.form !== null && (
        <Form method="get" action={stripBasePath(loaderData.form, basePath) ?? loaderData.form}>
          <input type="hidden" name="ms" value="6000" />
          <button type="submit" data-form={loaderData.form}>
            Send
          </button>
        </Form>
      )}
    </LabPage>
  );
}
