/**
 * Which page answers a URL when several could: Next.js's rule, segment by
 * segment from the left. At the first segment where two pages differ, a
 * static segment beats a dynamic one (`[slug]`), which beats a catch-all
 * (`[...path]`), which beats an optional catch-all (`[[...path]]`), whatever
 * follows. So with `c/[d]` and `[a]/b`, `/c/b` is `c/[d]`'s.
 */
import { pageParams, type PageParams, type Segment } from "./pages.ts";

const RANK: Record<Segment["kind"], number> = {
  static: 0,
  dynamic: 1,
  "catch-all": 2,
  "optional-catch-all": 3,
};

/**
 * Orders two pages' segments as Next.js tries them: negative when `a` is tried
 * first. Pages that differ only in static text are ordered by it, so the order
 * is total and stable (which of them matches is never in doubt).
 */
export function nextRouteOrder(a: readonly Segment[], b: readonly Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (RANK[x.kind] !== RANK[y.kind]) return RANK[x.kind] - RANK[y.kind];
    if (x.kind === "static" && y.kind === "static" && x.value !== y.value) {
      return x.value < y.value ? -1 : 1;
    }
  }
  return a.length - b.length;
}

/**
 * The page a path (below any locale prefix, percent-encoded) belongs to, and
 * its parameters: the first of `pages`, in Next.js's order, that matches it.
 */
export function nextRouteMatcher<
  P extends { readonly segments: readonly Segment[]; readonly pattern: string },
>(pages: readonly P[]): (path: string) => { page: P; params: PageParams } | null {
  const ordered = [...pages].sort((a, b) => nextRouteOrder(a.segments, b.segments));
  return (path) => {
    for (const page of ordered) {
      const params = pageParams(page.pattern, path);
      if (params !== null) return { page, params };
    }
    return null;
  };
}
