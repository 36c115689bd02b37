import { Form } from "react-router";
import { Page } from "../../components/page.tsx";
import type { Route } from "./+types/form";
import { requireFixtures } from "./fixtures.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireFixtures(context, request);
  return null;
}

/** Echoes a posted message: proves form posts survive a TLS-terminating proxy. */
export async function action({ request, context }: Route.ActionArgs) {
  requireFixtures(context, request);
  const form = await request.formData();
  return { echo: String(form.get("message") ?? "") };
}

export default function FormFixture({ actionData }: Route.ComponentProps) {
  return (
    <Page pattern="/lab/form" title="Form fixture" description="A test fixture.">
      <Form method="post">
        <input name="message" aria-label="message" />
        <button type="submit">Send</button>
      </Form>
      {actionData && <p data-echo={actionData.echo}>{actionData.echo}</p>}
    </Page>
  );
}
