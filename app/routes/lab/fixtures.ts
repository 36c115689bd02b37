import { data, type RouterContextProvider } from "react-router";
import { requestInfo } from "../../context.ts";

/** The `/lab/*` fixture routes exist only for tests: a 404 unless E2E_FIXTURES=1. */
export function requireFixtures(context: Readonly<RouterContextProvider>, request: Request): void {
  if (!requestInfo(context, request).fixtures) throw data(null, { status: 404 });
}

/** The longest a fixture waits, whatever it is asked. */
export const MAX_DELAY_MS = 10_000;

/** `?ms=N`, capped at MAX_DELAY_MS; a 400 when it is not a whole number. */
export function delayParam(url: URL): number {
  const ms = Number(url.searchParams.get("ms") ?? "0");
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw data("ms must be a whole number of milliseconds", { status: 400 });
  }
  return Math.min(ms, MAX_DELAY_MS);
}

/** Waits `ms`, or until the request is aborted (the client left). */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A form post's fields: a 415 for a body that is no form (JSON, or none), a
 * 400 for a form that does not parse; never the 500 of an unguarded
 * `request.formData()`.
 */
export async function formFields(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data(
      "the body must be a form (application/x-www-form-urlencoded or multipart/form-data)",
      {
        status: 415,
      },
    );
  }
  try {
    return await request.formData();
  } catch {
    throw data("the form does not parse", { status: 400 });
  }
}
