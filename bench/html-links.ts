/**
 * Reading an HTML document's links, as the benchmarks that crawl a site do
 * (bench/examples/run.ts, bench/peers.ts).
 */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  larr: "←",
  rarr: "→",
  copy: "©",
  hellip: "…",
  mdash: "—",
  ndash: "–",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The `href`s of an HTML document's `<a>` elements. */
export function hrefsOf(html: string): string[] {
  const hrefs: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    hrefs.push(decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return hrefs;
}

/** `href` resolved against `base` (a URL of `origin`): its path and query, or null if elsewhere. */
export function sameOriginPath(href: string, base: string): string | null {
  if (!href || /^(mailto|tel|javascript|data):/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  return url.pathname + url.search;
}
