import { createContext, RouterContextProvider } from "react-router";
import type { TrailingSlash } from "./routing/canonical-url.ts";

/** What the Node server tells the app about one request. */
export interface RequestInfo {
  /** The id in this request's log lines and on its error page. */
  readonly requestId: string;
  /** The public origin (`https://example.com`), for absolute URLs. */
  readonly origin: string;
  readonly trailingSlash: TrailingSlash;
  /** Whether the test-only `/lab/*` routes answer (E2E_FIXTURES=1). */
  readonly fixtures: boolean;
  /** Logs an error once, with the request id. */
  readonly reportError: (error: unknown) => void;
  /** Set by the root middleware: the matched route pattern, for the access log. */
  routePattern?: string;
}

export const requestInfoContext = createContext<RequestInfo>();

/**
 * The server calls this (through the server build's entry module) rather than
 * building the context itself: the context key must be the very object the
 * route modules in the build were bundled with.
 */
export function createRequestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
