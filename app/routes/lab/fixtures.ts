import { data, type RouterContextProvider } from "react-router";
import { requestInfo } from "../../context.ts";

/** The `/lab/*` fixture routes exist only for tests: a 404 unless E2E_FIXTURES=1. */
export function requireFixtures(context: Readonly<RouterContextProvider>, request: Request): void {
  if (!requestInfo(context, request).fixtures) throw data(null, { status: 404 });
}
