/**
 * What renders a page, as the caches of pages rendered once see it: the
 * contract between React Router's adapter (react-router.ts), which implements
 * it, and render-once.ts, which keeps what it renders. Below both.
 */
import type { Exchange } from "../platform/exchange.ts";
import type { RevalidateReason } from "../../app/context.ts";

export interface RenderedPage {
  readonly status: number;
  /** The headers the app answered with, less those that belong to one response. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly routePattern: string | undefined;
  /**
   * How long the page may be kept, when the page itself says (a Next.js page's
   * `getStaticProps` returns `revalidate`): seconds, or false for as long as the
   * build lives. Absent: its route's `revalidate` export decides.
   */
  readonly revalidate?: number | false;
}

export interface PageRenderer {
  /** Renders the page for this request and streams it out; resolves to its status. */
  renderPerRequest(exchange: Exchange): Promise<number>;
  /**
   * Renders the page at `target` (path and query) once, whole, with no request
   * id: null when it cannot be served to others (not a 200 or 404, or it sets a
   * cookie). What went wrong goes to `report` (its first call is the cause), not to
   * the log: a first render's errors are left to the per-request render, which
   * logs them with the id of the request that met them; a revalidation logs them.
   */
  renderOnce(
    origin: string,
    target: string,
    report?: (problem: { status?: number; error?: unknown }) => void,
    reason?: RevalidateReason,
  ): Promise<RenderedPage | null>;
}
