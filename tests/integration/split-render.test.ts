/**
 * The split render (app/split-render/, docs/decisions/033) and the direct
 * answer (app/direct/, docs/decisions/034) on the production build of the
 * example site: a page rendered per request is answered from its route's kept
 * document once that route's first answers matched the whole render, then
 * without React Router's request handler once its next ones matched React
 * Router's; and what it answers is the whole render's document, byte for byte
 * but for what is the request's own (its nonce, its id, the time it was served).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type HttpResponse, type RunningServer } from "./harness.ts";

/** The document with what belongs to this one request and server named instead. */
function normalised(response: HttpResponse, server: RunningServer): string {
  const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
  expect(nonce).toBeTruthy();
  return response.body
    .replaceAll(nonce!, "NONCE")
    .replaceAll(String(response.headers["x-request-id"]), "REQUEST-ID")
    .replaceAll(server.origin, "ORIGIN")
    .replaceAll(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "TIME");
}

describe("the split render", () => {
  let split: RunningServer;
  let whole: RunningServer;
  beforeAll(async () => {
    [split, whole] = await Promise.all([startServer(), startServer({ SPLIT_RENDER: "off" })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([split?.stop(), whole?.stop()]);
  });

  const rendered = async (server: RunningServer, path: string) => {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    return { response, access: await server.accessLog(response) };
  };

  // Each its own route (a locale is a route of its own): learned, checked twice, then split.
  test.each([
    ["/blog/hello", "/blog/hello%20world?ref=feed"],
    ["/fr/blog/hello", "/fr/blog/autre"],
    ["/de/blog/hallo", "/de/blog/hallo?x=1&x=2"],
  ])(
    "%s is answered split after its route's first three answers, as the whole render answers it",
    async (first, other) => {
      const firstAnswers = [];
      for (let i = 0; i < 3; i++) firstAnswers.push(await rendered(split, first));
      for (const { access } of firstAnswers) expect(access.render).toBeUndefined();
      for (const path of [first, other]) {
        const { response, access } = await rendered(split, path);
        expect(access.render).toBe("split");
        const reference = await rendered(whole, path);
        expect(reference.access.render).toBeUndefined();
        expect(normalised(response, split)).toBe(normalised(reference.response, whole));
      }
    },
  );

  // Each route's fourth answer (split) taught the direct answer (app/direct/); its fifth and sixth
  // are checked against React Router's, then it is answered directly.
  test.each([
    ["/blog/hello", "/blog/hello%20world?ref=feed&b=%20"],
    ["/fr/blog/hello", "/fr/blog/autre"],
    ["/de/blog/hallo", "/de/blog/hallo?x=1&x=2"],
  ])(
    "%s is then answered directly, from its seventh answer, as the whole render answers it",
    async (first, other) => {
      const checked = await rendered(split, first);
      expect(checked.access.render).toBe("split");
      for (const path of [first, other]) {
        const { response, access } = await rendered(split, path);
        expect(access.render).toBe("direct");
        expect(access.route).toMatch(/\/blog\/:slug$/);
        const reference = await rendered(whole, path);
        expect(normalised(response, split)).toBe(normalised(reference.response, whole));
        for (const header of ["content-type", "cache-control", "vary"]) {
          expect(response.headers[header]).toBe(reference.response.headers[header]);
        }
      }
    },
  );

  test("no route's answers differed from the whole render's", () => {
    expect(split.logs.filter((line) => /refused/.test(line.msg))).toEqual([]);
  });

  test("error pages and HEAD are rendered whole", async () => {
    for (const path of ["/nope", "/fr/nope"]) {
      for (let i = 0; i < 4; i++) {
        const response = await split.request(path);
        expect(response.status).toBe(404);
        expect((await split.accessLog(response)).render).toBeUndefined();
      }
    }
    // The route is answered split by now (the first test).
    const head = await split.request("/blog/hello", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect((await split.accessLog(head)).render).toBeUndefined();
    const post = await split.request("/blog/hello", { method: "POST" });
    expect(post.status).toBe(200);
    expect((await split.accessLog(post)).render).toBeUndefined();
  });
});
