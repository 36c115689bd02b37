/**
 * The differences the shell makes on purpose, each with its reason: an
 * observation the suite names (its test's), a field of it, and why the shell
 * answers otherwise. Anything else that differs from Next.js is a defect. A
 * field named here is compared on neither side; an entry whose field no longer
 * differs fails the suite (it would hide a future difference for nothing).
 */

export interface AllowedDifference {
  /** The observation's name, as the spec gives it; a prefix matches its cases. */
  readonly observation: string;
  /** A dotted path into the observation: `body`, `router.isReady`. */
  readonly field: string;
  readonly reason: string;
}

const LOCALE_CASE =
  "A locale prefix in another case than the config's (/pt-br/about for pt-BR): Next.js serves the page at that URL too; the shell redirects it (308) to the configured case, as the contract redirects every other spelling of a page's URL, so that each page has one URL (the canonical link, the caches, the access log).";

const REWRITES_REPLACE =
  "The site has rewrites(), and the error page shown (404 or 500) has getStaticProps: Next.js's client then replaces the route once hydrated (its `_h` replace, which it makes for a getStaticProps page only when the site has rewrites), resolving the URL again to the page it names, so that the error page's router reports that page's pathname, route and query, and the replace fires beforeHistoryChange. The shell's router reports the error page it shows, as Next.js's does for a site without rewrites.";

const DOMAIN_DEFAULT =
  "A page without data functions on a locale domain whose default is not the site's: Next.js builds its HTML once per locale, not per domain (its own source says it makes no prerendered version for each locale domain), so the page tells the site's defaultLocale (en) in __NEXT_DATA__ and its router on every domain; the shell renders it for the host it is asked on, so the domain's default, as Next.js tells it for every page rendered per request (/about here).";

export const ALLOWED: readonly AllowedDifference[] = [
  ...[
    "/ on example.fr",
    "/fr on example.fr",
    "/ on EXAMPLE.nl:8080",
    "/fr on EXAMPLE.nl:8080",
  ].flatMap((page) =>
    ["nextData.defaultLocale", "router.defaultLocale"].map((field) => ({
      observation: `locale domains: ${page}`,
      field,
      reason: DOMAIN_DEFAULT,
    })),
  ),
  {
    observation: "locale domains: detection with a query",
    field: "location",
    reason:
      "`/` on a locale domain, sent to another domain's home: Next.js drops the query there (it keeps it when it sends a visitor to a locale's prefix); the shell keeps it, as the contract's every redirect keeps it (a campaign's utm_* parameters survive).",
  },
  {
    observation: "without i18n: an Edge page",
    field: "cacheControl",
    reason:
      "A page for the Edge runtime rendered per request: Next.js sends it with no Cache-Control; the shell sends what it sends with every page rendered per request, and what Next.js sends with the others, private, no-cache, no-store, max-age=0, must-revalidate (docs/caching.md): a shared cache must not keep a page rendered for one request.",
  },
  {
    observation: "without i18n: an Edge page",
    field: "throws",
    reason:
      "An Edge page whose render throws on the server: Next.js answers its error page with status 200; the shell answers it with 500, as for any other page whose render fails, so that no cache or crawler keeps the error as the page.",
  },
  {
    observation: "repo: rewrite to another app",
    field: "forwarded",
    reason:
      "A rewrite to another site: Next.js tells it X-Forwarded-Host alone; the shell also sends X-Forwarded-For, -Proto and -Port (server/steps/rewrites/proxy.ts), so that the other app knows the client's address and the scheme and port it was reached by, as a reverse proxy tells them.",
  },
  ...["page /ssg/second", "page /ssg-blocking/missing", "page /fr/ssg-blocking/missing"].flatMap(
    (observation) =>
      ["shown.router.pathname", "shown.router.query", "shown.router.route", "shown.text"].map(
        (field) => ({
          observation,
          field,
          reason: REWRITES_REPLACE,
        }),
      ),
  ),
  ...[
    "navigation from /links: click #to-throws",
    "navigation from /links: then Back from #to-throws",
  ].map((observation) => ({ observation, field: "events", reason: REWRITES_REPLACE })),
  ...["props", "text"].map((field) => ({
    observation: "middleware in the browser: a click the middleware rewrites to a page with data",
    field,
    reason:
      "Next.js's client shows the rewritten getServerSideProps page without its props (its data URL for the click answers the page's HTML, so the props it reads are {}); the shell loads the clicked URL as a document, which shows the page with its props, as a visit to that URL shows it in both.",
  })),
  {
    observation: "rewrites() in the browser: a click rewritten before the pages, by a query",
    field: "props.reqUrl",
    reason:
      "A click to a URL a beforeFiles rule of the site's rewrites() rewrites on a condition, in a site with locales: both ask that URL's data and the server answers with the page rewritten to; Next.js gives its getServerSideProps the URL asked for as req.url, the shell the URL of the page rewritten to (with locales, req.url of a data request is a page's URL, which the shell takes from the page it renders), as Next.js's client gives it for a rule it resolves itself (a click rewritten to a page with data).",
  },
  ...["router.query.id", "text"].map((field) => ({
    observation: "rewrites() in the browser: a click rewritten before the pages, by a query",
    field,
    reason:
      "Next.js's client, resolving a rewrite with a `has` condition itself, leaves the destination page's parameter out of router.query; its own document load of the same URL has it, as the shell's has (the HTTP case of the same rewrite matches).",
  })),
  ...["status", "location", "shown"].map((field) => ({
    observation: "page /pt-br/about",
    field,
    reason: LOCALE_CASE,
  })),
  ...["status", "location", "shown", "header"].map((field) => ({
    observation: "page /PT-BR/ssr/one",
    field,
    reason: LOCALE_CASE,
  })),
  {
    observation: "page /fr/ssg/first",
    field: "shown",
    reason:
      "A path getStaticPaths did not list in French (fallback: false) is a 404 in both. Next.js renders that 404 in its default locale; the contract has the not-found page in the locale of its path (/fr/... is French), as every other 404 of both runtimes is.",
  },
  ...["body", "json"].map((field) => ({
    observation: "data URL of a page without server data",
    field,
    reason:
      "The site has a middleware, so both answer a page without getServerSideProps or getStaticProps at its data URL with a 200, for the middleware to run on a click to it. Next.js renders the page's HTML into it; the shell answers {}, as no client reads more.",
  })),
  ...["status", "contentType", "etag", "json", "body"].map((field) => ({
    observation: "API: a chunked body left to the route (bodyParser: false)",
    field,
    reason:
      "A body sent chunked (no Content-Length) to a route that reads its body itself: Next.js hands the route the stream, which may read it to any length; the shell answers 411, as MAX_BODY_BYTES must hold for every request and nothing could bound what the route reads (a route that parses its body gets a chunked one, read to its limit, as in Next.js).",
  })),
  {
    observation: "API: a body past 1 MB, the default limit",
    field: "body",
    reason:
      "Both answer 413. The shell turns a body past MAX_BODY_BYTES (1 MiB, as Next.js's default sizeLimit) away by its Content-Length before any route runs, with the text it gives every such request; Next.js reads it into the route's parser, which says Body exceeded 1mb limit.",
  },
  {
    observation: "API: a body past 1 MB, the default limit",
    field: "contentType",
    reason: "As above: the shell's own short answer is text/plain; Next.js's parser sends none.",
  },
  {
    observation: "API: an API route that throws",
    field: "body",
    reason:
      "Both answer 500. The shell's text names the request's reference, which its log line carries too, so that a user can quote it (the contract's rule for every error); Next.js's says only Internal Server Error.",
  },
  {
    observation: "API: an API route that throws",
    field: "contentType",
    reason:
      "The shell says its 500's text is text/plain, as for every short answer of its own; Next.js sends none.",
  },
];

function without(value: unknown, path: string[]): unknown {
  if (value === null || typeof value !== "object" || path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head!];
  else copy[head!] = without(copy[head!], rest);
  return copy;
}

function at(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (inner, key) =>
      inner !== null && typeof inner === "object"
        ? (inner as Record<string, unknown>)[key]
        : undefined,
    value,
  );
}

/**
 * The two observations with the allowed fields of `name` taken out of both.
 * @throws when an allowed field is the same on both sides: the entry is stale.
 */
export function allowedDifference(name: string, next: unknown, shell: unknown): [unknown, unknown] {
  let a = next;
  let b = shell;
  for (const entry of ALLOWED) {
    if (!name.startsWith(entry.observation)) continue;
    const path = entry.field.split(".");
    if (JSON.stringify(at(a, path)) === JSON.stringify(at(b, path))) {
      throw new Error(
        `allow-list: "${entry.observation}" ${entry.field} is the same in both runtimes now; remove the entry`,
      );
    }
    a = without(a, path);
    b = without(b, path);
  }
  return [a, b];
}
