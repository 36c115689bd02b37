/**
 * `/sitemap.xml` and `/robots.txt`, over HTTP: every page of site/pages once per
 * locale, dynamic pages by their getStaticPaths, each URL the canonical URL its
 * page names, with its hreflang alternates; ETags; a site's own robots.txt; and
 * a getStaticPaths that does not fit its page stops the start, naming the file.
 * Rows in the site's words, so the second-site project runs them too.
 */
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pagesIn } from "../../app/pages-folder.ts";
import { LOCALES } from "../../app/routing/locale.ts";
import { at, canonical, L0, L1, pathIn } from "./contract-cases.ts";
import {
  buildAppCopy,
  canonicalLink,
  fatalMessage,
  productionIn,
  runToExit,
  startServer,
  type RunningServer,
} from "./harness.ts";

const HOST = "shop.example";
const ORIGIN = `http://${HOST}`;

/** The sitemap's entries: each `<url>`'s location and its alternates by hreflang. */
function entriesOf(xml: string): { loc: string; alternates: Record<string, string> }[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => [lang, href],
      ),
    ),
  }));
}

/** The paths the example pages' getStaticPaths name (site/pages/blog/[slug].tsx, docs/[...path].tsx). */
const STATIC_PATHS = ["/blog/hello%20world", "/blog/hello", "/docs/getting-started/install"];

/** Every page without a required parameter, by its own path (an optional catch-all with none). */
const PLAIN_PAGES = pagesIn(fileURLToPath(new URL("../../site/pages", import.meta.url)))
  .filter((page) =>
    page.segments.every((s) => s.kind === "static" || s.kind === "optional-catch-all"),
  )
  .map((page) => page.pattern.replace(/\/\[\[\.\.\.\w+\]\]$/, "") || "/");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("/sitemap.xml", () => {
  test("lists every page in every locale, dynamic ones by getStaticPaths, and nothing else", async () => {
    const response = await server.request(at("/sitemap.xml"), { headers: { Host: HOST } });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const expected = [...PLAIN_PAGES, ...STATIC_PATHS].flatMap((path) =>
      LOCALES.map((locale) => ORIGIN + pathIn(locale, path)),
    );
    expect(
      entriesOf(response.body)
        .map((e) => e.loc)
        .sort(),
    ).toEqual(expected.sort());
  });

  test("each URL carries every locale's URL and x-default, its own among them", async () => {
    const { body } = await server.request(at("/sitemap.xml"), { headers: { Host: HOST } });
    const entry = entriesOf(body).find((e) => e.loc === ORIGIN + pathIn(L1, "/blog/hello%20world"));
    expect(entry?.alternates).toEqual({
      ...Object.fromEntries(
        LOCALES.map((locale) => [locale, ORIGIN + pathIn(locale, "/blog/hello%20world")]),
      ),
      "x-default": ORIGIN + pathIn(L0, "/blog/hello%20world"),
    });
  });

  test("every URL it lists answers 200, its canonical link the URL itself", async () => {
    const { body } = await server.request(at("/sitemap.xml"), { headers: { Host: HOST } });
    for (const { loc } of entriesOf(body)) {
      const page = await server.request(loc.slice(ORIGIN.length), { headers: { Host: HOST } });
      expect(page.status, loc).toBe(200);
      expect(canonicalLink(page.body), loc).toBe(loc);
    }
  });

  test("is revalidated by ETag: the same answer is a 304", async () => {
    const first = await server.request(at("/sitemap.xml"));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const again = await server.request(at("/sitemap.xml"), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    // Another origin is another document.
    const other = await server.request(at("/sitemap.xml"), { headers: { Host: HOST } });
    expect(other.headers.etag).not.toBe(etag);
  });

  test("HEAD answers without a body; POST is 405; /sitemap.xml/ is one 308 away", async () => {
    const head = await server.request(at("/sitemap.xml"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const post = await server.request(at("/sitemap.xml"), { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    const slash = await server.request(at("/sitemap.xml/?x=1"));
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe(at("/sitemap.xml?x=1"));
  });
});

describe("/robots.txt", () => {
  test("allows all and names the sitemap at the request's origin", async () => {
    const response = await server.request(at("/robots.txt"), { headers: { Host: HOST } });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers.etag).toBeDefined();
    expect(response.body).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}${at("/sitemap.xml")}\n`,
    );
  });
});

describe("a site with its own robots.txt and a page with getStaticPaths", () => {
  const ROBOTS = "User-agent: *\nDisallow: /private\n";
  // The paths come from the environment, so one build tries a good list and a bad one.
  const PRICING = `import { Page } from "../../components/page.tsx";

export function getStaticPaths() {
  return { paths: JSON.parse(process.env.PRICING_PATHS ?? "[]"), fallback: "blocking" };
}

export function getStaticProps() {
  return { props: {} };
}

export default function Pricing() {
  return <Page title="Pricing" description="Our plans." />;
}
`;
  let dir: string;
  let copy: RunningServer;
  beforeAll(async () => {
    dir = await buildAppCopy({
      "site/public/robots.txt": ROBOTS,
      "site/pages/pricing/[plan].tsx": PRICING,
    });
    const paths = [{ params: { plan: "pro plan" } }, "/pricing/team"];
    copy = await startServer({ PRICING_PATHS: JSON.stringify(paths) }, productionIn(dir));
  }, 120_000);
  afterAll(async () => {
    await copy?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("its public/robots.txt is served as it is", async () => {
    const response = await copy.request(at("/robots.txt"));
    expect(response.status).toBe(200);
    expect(response.body).toBe(ROBOTS);
  });

  test("its paths are listed, given as parameters or as paths", async () => {
    const { body } = await copy.request(at("/sitemap.xml"), { headers: { Host: HOST } });
    const locs = entriesOf(body).map((e) => e.loc);
    for (const path of ["/pricing/pro%20plan", "/pricing/team"]) {
      expect(locs).toContain(ORIGIN + canonical(path));
      expect(locs).toContain(ORIGIN + pathIn(L1, path));
    }
  });

  test.each([
    [[{ params: { plan: ["a", "b"] } }], "plan must be a non-empty string"],
    [[{ params: { plan: "pro", extra: "x" } }], "extra: not a parameter of /pricing/[plan]"],
    [["/pricing/pro/more"], '"/pricing/pro/more" is not a path of /pricing/[plan]'],
  ])("%j stops the start, naming the page: %s", async (paths, problem) => {
    const { code, output } = await runToExit(
      { PRICING_PATHS: JSON.stringify(paths), LOG_LEVEL: "info" },
      dir,
    );
    expect(code).toBe(1);
    // The page by its route id: its file without the extension.
    expect(fatalMessage(output)).toBe(`pages/pricing/[plan]: ${problem}`);
  });
});
