/**
 * Route sets and URLs, each URL with the page Next.js 16.4.5 gives it: its
 * `getSortedRoutes` (next/dist/shared/lib/router/utils/sorted-routes.js)
 * ordered the set, and the first route whose `getRouteRegex` matched the URL
 * is the expectation (run in bench/nextjs, where Next.js is installed). Null:
 * no page, the 404.
 */
export const NEXT_PRECEDENCE_SETS: [
  patterns: string[],
  cases: [url: string, page: string | null][],
][] = [
  [
    ["/c/[d]", "/[a]/b"],
    [
      ["/c/b", "/c/[d]"],
      ["/x/b", "/[a]/b"],
      ["/c/b/e", null],
    ],
  ],
  [
    [
      "/[...all]",
      "/blog/[slug]",
      "/blog/new",
      "/[a]/[b]",
      "/docs/[...path]",
      "/docs",
      "/c/[d]/e",
      "/[a]/b/[c]",
      "/about",
    ],
    [
      ["/c/b", "/[a]/[b]"],
      ["/c/b/e", "/c/[d]/e"],
      ["/x/b/y", "/[a]/b/[c]"],
      ["/blog/new", "/blog/new"],
      ["/blog/x", "/blog/[slug]"],
      ["/docs", "/docs"],
      ["/docs/a", "/docs/[...path]"],
      ["/about/reviews", "/[a]/[b]"],
      ["/blog/x/comments", "/[...all]"],
      ["/q", "/[...all]"],
    ],
  ],
  [
    ["/[[...opt]]", "/shop/[id]", "/[a]/x"],
    [
      ["/shop/1", "/shop/[id]"],
      ["/blog/x", "/[a]/x"],
      ["/c/b", "/[[...opt]]"],
      ["/", "/[[...opt]]"],
    ],
  ],
  [
    ["/[product]", "/about", "/blog/[slug]", "/[product]/reviews", "/blog/[slug]/comments"],
    [
      ["/blog/new", "/blog/[slug]"],
      ["/docs", "/[product]"],
      ["/about", "/about"],
      ["/about/reviews", "/[product]/reviews"],
      ["/blog/x/comments", "/blog/[slug]/comments"],
      ["/docs/a", null],
    ],
  ],
  [
    ["/[a]/b/c", "/c/[d]/[e]", "/c/[d]/[...rest]", "/[a]/[b]/[[...o]]", "/x/[y]/z", "/x/w/[v]"],
    [
      ["/c/b/c", "/c/[d]/[e]"],
      ["/c/b/c/d", "/c/[d]/[...rest]"],
      ["/q/b/c", "/[a]/b/c"],
      ["/q/r", "/[a]/[b]/[[...o]]"],
      ["/q/r/s/t", "/[a]/[b]/[[...o]]"],
      ["/x/w/z", "/x/w/[v]"],
      ["/x/y/z", "/x/[y]/z"],
      ["/c/b", "/[a]/[b]/[[...o]]"],
    ],
  ],
];
