import Link from "next/link";

/** Every form of next/link; the suite clicks each and reads where it went. */
export default function Links() {
  return (
    <main>
      <h1>Links</h1>
      <ul>
        <li>
          <Link href="/ssr/from-string?a=1" id="string">
            string
          </Link>
        </li>
        <li>
          <Link href={{ pathname: "/ssr/[id]", query: { id: "from-object", b: "2" } }} id="object">
            object
          </Link>
        </li>
        <li>
          <Link href="/ssr/[id]" as="/ssr/from-as" id="as">
            as
          </Link>
        </li>
        <li>
          {/* An `as` another page answers: href's page, shown under as's URL. */}
          <Link href="/about?from=href" as="/seven-as" id="as-other-page">
            as, another page
          </Link>
        </li>
        <li>
          {/* An `as` that is the URL shown now: href's page replaces this entry. */}
          <Link href="/about?from=same-url" as="/links" id="as-same-url">
            as, this URL
          </Link>
        </li>

        <li>
          <Link href="/about" locale="fr" id="locale">
            locale fr
          </Link>
        </li>
        <li>
          <Link href="/fr/about" locale={false} id="locale-false">
            locale false
          </Link>
        </li>
        <li>
          <Link href="/about" replace id="replace">
            replace
          </Link>
        </li>
        <li>
          <Link href="/about" scroll={false} id="no-scroll">
            no scroll
          </Link>
        </li>
        <li>
          <Link href="/about" legacyBehavior>
            <a id="legacy">legacy</a>
          </Link>
        </li>
        <li>
          <Link href="/about" passHref legacyBehavior>
            <Anchor id="pass-href">passHref</Anchor>
          </Link>
        </li>
        <li>
          <Link href="/ssr/not-found" id="to-not-found">
            not found
          </Link>
        </li>
        <li>
          <Link href="/ssr/redirect" id="to-redirect">
            redirect
          </Link>
        </li>
        <li>
          <Link href="/ssr/throws" id="to-throws">
            throws
          </Link>
        </li>
        <li>
          <Link href="/ssg-blocking/missing" id="to-ssg-missing">
            ssg not found
          </Link>
        </li>
        <li>
          <Link href="/ssg-blocking/moved" id="to-ssg-moved">
            ssg redirect
          </Link>
        </li>
        <li>
          <Link href="/gip?q=1" id="to-gip">
            initial props
          </Link>
        </li>
        <li>
          <Link href="/order/c/b/c" id="to-precedence">
            by precedence
          </Link>
        </li>
        <li>
          <Link href="https://example.com/" id="external">
            external
          </Link>
        </li>
      </ul>
    </main>
  );
}

function Anchor({ href, onClick, id, children }) {
  return (
    <a href={href} onClick={onClick} id={id} data-anchor="custom">
      {children}
    </a>
  );
}
