/**
 * Reports from browsers: Content-Security-Policy violations (the policy's
 * report-uri) and exceptions behind the client-side notice. The endpoint, its
 * limits and the client exception's shape, shared by the server that takes them
 * (server/steps/reports.ts) and the page that sends them.
 */

export const REPORT_ENDPOINT = "/_report";

/** A report over this size is refused (413). */
export const MAX_REPORT_BYTES = 16 * 1024;

/** The short reference a visitor can quote: it is in the notice and in the log line. */
export const REFERENCE = /^[0-9a-z]{8}$/;

/** What the notice sends about an exception in the browser. */
export interface ClientErrorReport {
  readonly type: "client-error";
  readonly reference: string;
  readonly message: string;
  readonly stack: string;
  /** The id of the deepest route that matched. */
  readonly route: string;
  readonly buildId: string;
  /** The request id of the page's document, when it was rendered per request. */
  readonly page: string;
  /** The page's URL without its query or fragment, which may hold personal data. */
  readonly url: string;
}

/** Eight random characters of [0-9a-z] (Web Crypto: the browser's, or Node's). */
export function newReference(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))]
    .map((byte) => (byte % 36).toString(36))
    .join("");
}

/** A URL without query or fragment; the input as it is when it is no URL. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
