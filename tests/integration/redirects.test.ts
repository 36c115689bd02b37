import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RedirectRule } from "../../app/routing/site-config.ts";
import { at, base, belowBase, canonical, dataPath, L1, pathIn } from "./contract-cases.ts";
import {
  buildAppCopy,
  productionIn,
  routeMarker,
  siteConfigSource,
  startServer,
  type RunningServer,
} from "./harness.ts";

// A site moved onto the shell keeps its old URLs: next.config.js's redirects,
// in site.config.ts, answered by the server for documents and by the React
// Router middleware for client navigations, in one hop to the canonical URL.
const RULES: RedirectRule[] = [
  { source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true },
  {
    source: "/beta/:path*",
    has: [{ type: "cookie", key: "beta", value: "yes" }],
    destination: "/:path*",
    permanent: false,
  },
  { source: "/manual/:path*", destination: "https://docs.example/:path*", permanent: false },
  { source: `/${L1}/only-here`, destination: `/${L1}/about`, locale: false, statusCode: 301 },
];

describe("site.config.ts redirects", () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = await buildAppCopy({ "site.config.ts": siteConfigSource({ redirects: RULES }) });
    server = await startServer({}, productionIn(dir));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test.each([
    // requested, where the one redirect goes
    ["/old-blog/hello", canonical("/blog/hello")],
    ["/old-blog/hello/", canonical("/blog/hello")],
    ["//old-blog//hello?b=%20x&b=y&empty=", canonical("/blog/hello") + "?b=%20x&b=y&empty="],
    [`/${L1.toUpperCase()}/old-blog/hello/`, pathIn(L1, "/blog/hello")],
    ["/old-blog/a%20b", canonical("/blog/a%20b")],
  ])("%s: one 308 to %s, which is the page", async (path, target) => {
    const response = await server.request(at(path));
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(target);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const page = await server.request(target);
    expect(page.status).toBe(200);
    expect(routeMarker(page.body)?.route).toBe("/blog/[slug]");
  });

  test("a rule with a cookie condition: 307 with it, the page's own answer without, both Vary: cookie", async () => {
    const without = await server.request(canonical("/beta/about"));
    expect(without.status).toBe(404);
    expect(without.headers.vary).toMatch(/\bcookie\b/i);
    const withIt = await server.request(at("/beta/about"), {
      headers: { Cookie: "a=1; beta=yes" },
    });
    expect(withIt.status).toBe(307);
    expect(withIt.headers.location).toBe(canonical("/about"));
    expect(withIt.headers.vary).toMatch(/\bcookie\b/i);
  });

  test("another origin, only as written: a parameter fills its path, encoded", async () => {
    const response = await server.request(at("/manual/a%20b?q=1"));
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe("https://docs.example/a%20b?q=1");
    for (const hostile of [
      "/manual/%2F%2Fevil.example",
      "/manual/@evil.example",
      "/manual//evil.example",
    ]) {
      const { headers } = await server.request(at(hostile));
      expect(new URL(headers.location!).origin, hostile).toBe("https://docs.example");
    }
  });

  test("a rule that says locale: false matches its own prefix, and nothing else", async () => {
    const response = await server.request(at(`/${L1}/only-here`));
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(pathIn(L1, "/about"));
    expect((await server.request(canonical("/only-here"))).status).toBe(404);
  });

  test("a client navigation to an old URL gets the redirect its router follows, in one hop", async () => {
    const response = await server.request(dataPath(pathIn(L1, "/old-blog/hello")));
    expect(response.status).toBe(202);
    expect(response.body).toContain("SingleFetchRedirect");
    // Below the base path, as React Router's client takes it.
    expect(response.body).toContain(JSON.stringify(belowBase(pathIn(L1, "/blog/hello"))));
    expect(response.body).toContain("308");
  });

  test("the redirect is logged with its status", async () => {
    const response = await server.request(at("/old-blog/hello"));
    expect(await server.accessLog(response)).toMatchObject({
      status: 308,
      path: at("/old-blog/hello"),
    });
  });

  test("the browser is sent none of the rules", async () => {
    const assets = join(dir, "build", "client", "assets");
    for (const name of await readdir(assets)) {
      if (!name.endsWith(".js")) continue;
      const source = await readFile(join(assets, name), "utf8");
      expect(source, name).not.toContain("old-blog");
      expect(source, name).not.toContain("docs.example");
    }
  });
});

test("site.config.ts redirects that loop stop the build, naming the rules", async () => {
  const failure = await buildAppCopy({
    "site.config.ts": siteConfigSource({
      redirects: [
        { source: "/a", destination: "/b", permanent: true },
        { source: "/b", destination: "/a", permanent: false },
      ],
    }),
  }).then(
    (dir) => rm(dir, { recursive: true, force: true }).then(() => new Error("it built")),
    (error: unknown) => error as Error,
  );
  // The paths as requested: below the base path, if the site has one.
  const [a, b] = [`${base}/a/?`, `${base}/b/?`];
  expect(failure.message).toMatch(
    new RegExp(
      `npm run build: the built server does not start: site\\.config\\.ts redirects are not valid:\\n- redirects loop: redirects\\[0\\] \\(/a\\) sends ${a} to ${b}, then redirects\\[1\\] \\(/b\\) sends ${b} to ${a}\\n`,
    ),
  );
}, 120_000);
