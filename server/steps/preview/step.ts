/**
 * Next.js's preview and draft modes, for the pages and API routes after this
 * step: a request whose cookies turn one on (app/next/preview/mode.ts) is
 * marked (`exchange.preview`), and then bypasses the pages rendered once (its
 * page is rendered for it alone, never kept) and tells the page's data
 * functions. Cookies that are not valid (another site's, altered, expired, or
 * set while PREVIEW_SECRET differed) are cleared on the answer, as Next.js
 * clears them. Never answers itself.
 */
import { cookiesOf } from "../../../app/routing/cookies.ts";
import {
  BYPASS_COOKIE,
  clearedPreviewCookies,
  DATA_COOKIE,
  readPreviewCookies,
  type PreviewKeys,
} from "../../../app/next/preview/mode.ts";
import type { Step } from "../../platform/exchange.ts";

export function previewMode(keys: PreviewKeys | null): Step {
  return (exchange) => {
    const header = exchange.req.headers.cookie;
    // Most requests carry neither cookie: no parse.
    if (
      header === undefined ||
      (!header.includes(BYPASS_COOKIE) && !header.includes(DATA_COOKIE))
    ) {
      return false;
    }
    const read = readPreviewCookies(keys, cookiesOf(header), Date.now());
    if (read.kind === "clear") exchange.res.appendHeader("Set-Cookie", clearedPreviewCookies());
    else if (read.kind !== "off") exchange.preview = read;
    return false;
  };
}
