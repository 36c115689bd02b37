import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TRAILING_SLASH_MODES } from "../../app/routing/canonical-url.ts";
import { at, expectSlash, L1, SLASH_ROWS } from "./contract-cases.ts";
import { routeMarker, startServerWithTrailingSlash, type RunningServer } from "./harness.ts";

// One build per style: `trailingSlash` in site.config.ts is built into the browser's code too.
describe.each(TRAILING_SLASH_MODES)("contract §2 with trailing slashes %s", (mode) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServerWithTrailingSlash(mode);
  }, 120_000);
  afterAll(() => server.stop());

  const column = mode === "never" ? 1 : 2;
  test.each(SLASH_ROWS.map((row) => [row[0], row[column]] as const))("%s -> %s", (path, expected) =>
    expectSlash(server, path, expected),
  );

  test("the query string is kept exactly, in one redirect", async () => {
    const query = "?b=2&a=%20x&a=y&empty=&flag";
    const response = await server.request(at(`/${L1.toUpperCase()}//about/${query}`));
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(
      at(`${mode === "never" ? `/${L1}/about` : `/${L1}/about/`}${query}`),
    );
    const landed = await server.request(response.headers.location!);
    expect(landed.status).toBe(200);
  });

  test("a redirect's Location never leaves the origin", async () => {
    for (const path of [
      "//evil.example/",
      "/\\evil.example",
      "//evil.example//x/",
      "/\\/evil.example",
    ]) {
      const { headers } = await server.request(at(path));
      expect(headers.location).toMatch(/^\/(?![/\\])/);
    }
  });

  test("the canonical target is served, and it is an ordinary 404 for //evil.example/", async () => {
    const response = await server.request(at("/evil.example"));
    expect(response.status).toBe(404);
  });

  test("the redirect is logged with its status", async () => {
    const response = await server.request(at("/about//"));
    expect(await server.accessLog(response)).toMatchObject({ status: 308, path: at("/about//") });
  });

  test("internal requests are never redirected by a plain 3xx", async () => {
    for (const path of [at("/assets//x.js"), "/healthz", at("/__manifest?paths=/about/")]) {
      const response = await server.request(path);
      expect(response.status).not.toBe(308);
    }
  });

  test("a client navigation to a non-canonical URL gets a redirect its router can follow", async () => {
    const dataPath = mode === "never" ? "/about/_.data" : "/about.data";
    const response = await server.request(at(dataPath));
    // React Router's encoding: a 202 turbo-stream carrying the redirect, never a raw 3xx.
    expect(response.status).toBe(202);
    expect(response.body).toContain("SingleFetchRedirect");
    // The path below the base path: React Router's client puts its basename back.
    expect(response.body).toContain(mode === "never" ? '"/about"' : '"/about/"');
    expect(response.body).toContain("308");
  });

  test("data for a canonical URL is served as data", async () => {
    const dataPath = mode === "never" ? "/about.data" : "/about/_.data";
    const response = await server.request(at(dataPath));
    expect(response.status).toBe(200);
    expect(response.body).not.toContain("SingleFetchRedirect");
  });

  test("the canonical page renders", async () => {
    const response = await server.request(at(mode === "never" ? "/about" : "/about/"));
    expect(routeMarker(response.body)?.route).toBe("/about");
  });
});
