import Link from "next/link";

/** Links to the rewrites' sources (next.config.mjs), for clicks. */
export default function RewriteLinks() {
  return (
    <main>
      <h1>Rewrites</h1>
      <ul>
        <li>
          <Link href="/rw/about" id="about">
            to a page without data
          </Link>
        </li>
        <li>
          <Link href="/rw/post/21?q=1" id="post">
            to a page with data, a parameter in its path
          </Link>
        </li>
        <li>
          <Link href="/c/rw-after" id="after">
            over a dynamic page
          </Link>
        </li>
        <li>
          <Link href="/rw-missing/31" id="fallback">
            a fallback
          </Link>
        </li>
        <li>
          <Link href="/rw/plain" id="plain">
            a fallback to a page without data
          </Link>
        </li>
        <li>
          <Link href="/about?rw=before" id="before">
            over a page, by a condition
          </Link>
        </li>
      </ul>
    </main>
  );
}
