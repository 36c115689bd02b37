/**
 * Whether the server may answer a click with another page than the one its URL
 * names in the browser: the site has a middleware, or `rewrites()`. Then a
 * click to a page without server data asks its data URL all the same (answered
 * `{}`, or told to load the page as a document), as Next.js's client asks it
 * when the site has a middleware. One answer for the server and the browser.
 */
import { hasMiddleware } from "virtual:next-middleware";
import site from "../../../site.config.ts";

export const serverPicksPage: boolean = hasMiddleware || site.hasRewrites;

/** Whether the site has a middleware (`middleware.js` or `proxy.js`). */
export const siteHasMiddleware: boolean = hasMiddleware;
