/**
 * A page the server rendered for another URL than the one the browser shows
 * (the site's middleware rewrote it: app/next/server.ts). The document says
 * which, first thing in its head, and React Router hydrates that page with the
 * URL kept, as a masked location (its `history.state.masked`: the patched
 * hydration in patches/react-router+8.4.0.patch reads `__shellRewrittenTo`).
 * Back and Forward to the entry later find the same page from the same state.
 */

declare global {
  interface Window {
    /** The location the page was rendered for, when the server rewrote it. */
    __shellRewrittenTo?: { pathname: string; search: string; hash: string };
  }
}

/** The inline script that tells the browser the page's location: `target` is its path and query. */
export function rewrittenPageScript(target: string): string {
  const queryAt = target.indexOf("?");
  const location = {
    pathname: queryAt === -1 ? target : target.slice(0, queryAt),
    search: queryAt === -1 ? "" : target.slice(queryAt),
  };
  // `<` escaped: the text stays inside its script element whatever the path holds.
  const json = JSON.stringify(location).replace(/</g, "\\u003c");
  return `window.__shellRewrittenTo=Object.assign(${json},{hash:location.hash});`;
}
