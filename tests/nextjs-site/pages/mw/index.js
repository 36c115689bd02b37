import Link from "next/link";

/**
 * Links to the middleware's paths, for clicks. Not to /mw/denied: Next.js's
 * prefetch of its data (the middleware's 401) never ends, and its router then
 * starts no navigation at all.
 */
export default function MiddlewareLinks() {
  return (
    <main>
      <h1>Middleware</h1>
      <ul>
        <li>
          <Link href="/mw/rewrite" id="rewrite">
            rewrite
          </Link>
        </li>
        <li>
          <Link href="/mw/rewrite-ssr?q=1" id="rewrite-ssr">
            rewrite to a page with data
          </Link>
        </li>
        <li>
          <Link href="/mw/redirect" id="redirect">
            redirect
          </Link>
        </li>
        <li>
          <Link href="/mw/redirect-permanent" id="redirect-ssr">
            redirect to a page with data
          </Link>
        </li>
        <li>
          <Link href="/mw/headers?x=1" id="headers">
            request headers
          </Link>
        </li>
        <li>
          <Link href="/mw/plain" id="plain">
            a page without data
          </Link>
        </li>
      </ul>
    </main>
  );
}
