import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  belowBase,
  canonical,
  dataPath,
  expectLocalizedNotFound,
  expectServerErrorPage,
  expectMalformedRefused,
  L0,
  L1,
  LOCALIZED_NOT_FOUND,
  MALFORMED_CASES,
  pathIn,
  text,
} from "./contract-cases.ts";
import { htmlLang, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ E2E_FIXTURES: "1" });
});
afterAll(() => server.stop());

describe("contract §4: not found", () => {
  test.each(LOCALIZED_NOT_FOUND)("%s is a %s 404 page, not indexed", (path, locale, heading) =>
    expectLocalizedNotFound(server, path, locale, heading),
  );

  test("a 404 is not an error: no error log line", async () => {
    const response = await server.request(canonical("/nope-again"));
    const access = await server.accessLog(response);
    expect(access).toMatchObject({ status: 404, route: "/*" });
    expect(server.errorsOf(access.reqId)).toEqual([]);
  });
});

describe("contract §4: server errors", () => {
  test("a loader error renders the 500 page with a reference id that is in the log, and no stack", () =>
    expectServerErrorPage(server));

  test("the 500 page speaks the page's locale", async () => {
    // The fixture exists only unprefixed: the default locale's.
    const response = await server.request(canonical("/lab/boom"));
    expect(htmlLang(response.body)).toBe(L0);
    expect(response.body).toContain(`<h1>${text(L0).serverError.title}</h1>`);
  });

  test("a failing data request (client navigation) is logged once too", async () => {
    const response = await server.request(dataPath(canonical("/lab/boom")));
    const requestId = response.headers["x-request-id"] as string;
    await server.accessLog(response);
    expect(server.errorsOf(requestId)).toHaveLength(1);
    expect(response.body).not.toContain("always fails");
  });
});

describe("contract §4: a part of a streamed page that fails on the server", () => {
  // The browser renders such a part itself (React recovers it), so the page is
  // sent; the error is still the server's, and is logged once.
  test.each([
    ["while the shell renders: the status says so", "early", 500],
    ["after the shell is sent: the status is gone already", "late", 200],
  ])("%s", async (_, fail, status) => {
    const response = await server.request(canonical(`/lab/stream?ms=100&fail=${fail}`));
    expect(response.status).toBe(status);
    expect(response.body).toContain("data-shell");
    const access = await server.accessLog(response);
    const errors = server.errorsOf(access.reqId);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain(`a streamed part failed (${fail})`);
    expect(response.body).not.toContain("a streamed part failed");
  });

  test("one in the shell renders the 500 page, and is logged once", async () => {
    const response = await server.request(canonical("/lab/stream?fail=shell"));
    expect(response.status).toBe(500);
    expect(response.body).toContain(`<h1>${text(L0).serverError.title}</h1>`);
    const access = await server.accessLog(response);
    const errors = server.errorsOf(access.reqId);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain("a streamed part failed (shell)");
  });

  // A monitor asks with HEAD: it gets the status a crawler's GET gets (the
  // whole page rendered), with no body, and the error is logged once.
  test.each([
    ["a page that renders", 200, "", 0],
    ["a part failing while the shell renders", 500, "&fail=early", 1],
    ["a part failing after the shell", 500, "&fail=late", 1],
    ["the shell failing", 500, "&fail=shell", 1],
  ])("HEAD of %s: %i", async (_, status, fail, errorLines) => {
    const response = await server.request(canonical(`/lab/stream?ms=100${fail}`), {
      method: "HEAD",
    });
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const access = await server.accessLog(response);
    expect(access).toMatchObject({ method: "HEAD", status });
    expect(server.errorsOf(access.reqId)).toHaveLength(errorLines);
  });

  test("a failure it does not know is a 400", async () => {
    const response = await server.request(canonical("/lab/stream?fail=sometimes"));
    expect(response.status).toBe(400);
  });
});

describe("contract §4: malformed input answers a short plain 4xx", () => {
  test.each(MALFORMED_CASES)("%s %s -> %i", (method, path, status) =>
    expectMalformedRefused(server, method, path, status),
  );

  test("a form's POST to a page renders it, as Next.js does; a route of the shell's own without an action is 405", async () => {
    const page = await server.request(canonical("/about"), { method: "POST", body: "a=1" });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-route="/about"');
    const lab = await server.request(canonical("/lab/slow"), { method: "POST", body: "a=1" });
    expect(lab.status).toBe(405);
  });

  test("a body over MAX_BODY_BYTES is 413", async () => {
    const response = await server.request(canonical("/about"), {
      method: "POST",
      headers: { "Content-Length": String(2 << 20) },
    });
    expect(response.status).toBe(413);
  });

  test("a request target that is not a path is 400", async () => {
    const response = await server.request("http://evil.example/about");
    expect(response.status).toBe(400);
  });

  test("the server is healthy after all that", async () => {
    expect((await server.request("/healthz")).status).toBe(200);
    expect((await server.request(canonical("/about"))).status).toBe(200);
  });
});

describe("contract §5: page data is bound to the build", () => {
  test("a data request from this build gets data", async () => {
    const { headers } = await server.request("/healthz");
    const response = await server.request(dataPath(canonical("/about")), {
      headers: { "X-Build-Id": headers["x-build-id"] as string },
    });
    expect(response.status).toBe(200);
  });

  test("a data request from another build is told to load the page as a document", async () => {
    const response = await server.request(dataPath(`${pathIn(L1, "/about")}?_routes=root&x=1`), {
      headers: { "X-Build-Id": "an-older-build" },
    });
    expect(response.status).toBe(204);
    // Below the base path, as React Router names a page in a route-data redirect.
    expect(response.headers["x-remix-redirect"]).toBe(belowBase(`${pathIn(L1, "/about")}?x=1`));
    expect(response.headers["x-remix-reload-document"]).toBe("true");
    expect(response.body).toBe("");
  });

  test("a data request without a build id (not from our pages) is served as usual", async () => {
    expect((await server.request(dataPath(canonical("/about")))).status).toBe(200);
  });
});
