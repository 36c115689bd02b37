import { data, Form } from "react-router";
import { LabPage } from "./frame.tsx";
import type { Route } from "./+types/form";
import { formFields, requireFixtures } from "./fixtures.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireFixtures(context, request);
  return null;
}

/**
 * Echoes a posted message, and remembers it in a cookie: proves form posts survive
 * a TLS-terminating proxy, and that a cookie the app sets over HTTPS is Secure.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireFixtures(context, request);
  const form = await formFields(request);
  const echo = String(form.get("message") ?? "");
  const cookie = `lab-echo=${encodeURIComponent(echo.slice(0, 100))}; Path=/lab; HttpOnly; SameSite=Lax`;
  return data({ echo }, { headers: { "Set-Cookie": cookie } });
}

export default function FormFixture({ actionData }: Route.ComponentProps) {
  return (
    <LabPage pattern="/lab/form" title="Form fixture">
      <Form method="post">
        <input name="message" aria-label="message" />
        <button type="submit">Send</button>
      </Form>
      {actionData && <p data-echo={actionData.echo}>{actionData.echo}</p>}
    </LabPage>
  );
}
