import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  canonical,
  expectNotFound,
  expectRoute,
  NOT_FOUND_PATHS,
  PAGE_INVENTORY,
  ROUTE_CASES,
} from "./contract-cases.ts";
import { errorPage, routeMarker, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("contract §1: the example routes", () => {
  test.each(ROUTE_CASES)("%s renders %s with params %j", (path, route, params) =>
    expectRoute(server, path, route, params),
  );

  test.each(PAGE_INVENTORY)(
    "every page of site/pages, in every locale: %s renders %s with params %j",
    (path, route, params) => expectRoute(server, path, route, params),
  );

  test("the static /blog/new wins over the dynamic /blog/[slug]", async () => {
    const response = await server.request(canonical("/blog/new"));
    expect(routeMarker(response.body)?.route).toBe("/blog/new");
  });

  test.each(NOT_FOUND_PATHS)("%s is a 404 page", (path) => expectNotFound(server, path));

  test.each(["/lab/slow", "/lab/boom", "/lab/client-error"].map(canonical))(
    "the fixture %s is a 404 without E2E_FIXTURES",
    async (path) => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(errorPage(response.body)).toBe("not-found");
    },
  );

  test("HEAD answers like GET, without a body", async () => {
    const response = await server.request(canonical("/about"), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("with E2E_FIXTURES=1", () => {
  let fixtures: RunningServer;
  beforeAll(async () => {
    fixtures = await startServer({ E2E_FIXTURES: "1" });
  });
  afterAll(() => fixtures.stop());

  test("/lab/slow waits as long as asked", async () => {
    const started = performance.now();
    const response = await fixtures.request(canonical("/lab/slow?ms=300"));
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.body).toContain('data-waited-ms="300"');
  });

  test("/lab/slow refuses a delay that is not a number of milliseconds", async () => {
    const response = await fixtures.request(canonical("/lab/slow?ms=abc"));
    expect(response.status).toBe(400);
  });

  test.each([
    ["a JSON body", "application/json", "{}", 415],
    ["no content type", undefined, "a=1", 415],
    ["a multipart form without its boundary", "multipart/form-data", "garbage", 400],
    ["a multipart form that does not parse", "multipart/form-data; boundary=xyz", "garbage", 400],
  ])("a post of %s to a fixture's form is a 4xx, never a 500", async (_, type, body, status) => {
    for (const path of ["/lab/form", "/lab/revalidate"]) {
      const response = await fixtures.request(canonical(path), {
        method: "POST",
        headers: { ...(type && { "Content-Type": type }), Origin: fixtures.origin },
        body,
      });
      expect(response.status, path).toBe(status);
      const errors = fixtures.errorsOf(response.headers["x-request-id"]);
      expect(errors, path).toEqual([]);
    }
  });

  test("/lab/client-error renders on the server", async () => {
    const response = await fixtures.request(canonical("/lab/client-error"));
    expect(response.status).toBe(200);
    expect(routeMarker(response.body)?.route).toBe("/lab/client-error");
  });
});
