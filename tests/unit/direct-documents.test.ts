/**
 * When a page's document is answered directly, without React Router's request
 * handler (app/direct/documents.ts): never before React Router answered the
 * route with a trusted split render, never before two answers matched React
 * Router's, never again once one did not; and never with a page's loader run
 * twice for one request. The routes, the matcher and the page's render are
 * stand-ins here; tests/integration/split-render.test.ts runs the real ones.
 */
import type { EntryContext, RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import type { RequestInfo } from "../../app/context.ts";
import {
  CHECK_EVERY,
  CHECKS_BEFORE_TRUST,
  createDirectDocuments,
  type DirectExpected,
  type ServerRoutes,
} from "../../app/direct/documents.ts";

const PAGE = "pages/blog/[slug]";
const root = { id: "root", path: "", handle: undefined };
const page = { id: PAGE, path: "blog/:slug", handle: { next: {} } };
const other = { id: "routes/other", path: "other", handle: undefined };

/** React Router's matcher over the stand-in routes. */
function match({ pathname }: { pathname: string }) {
  const slug = /^\/blog\/([^/]+)$/.exec(pathname)?.[1];
  if (slug !== undefined) {
    return [root, page].map((route) => ({
      route,
      params: { slug },
      pathname,
      pathnameBase: "/",
    }));
  }
  if (pathname === "/other") return [root, other].map((route) => ({ route, params: {}, pathname }));
  return null;
}

/** A context React Router gave a split answer of the page's route. */
const learnedContext = {
  staticHandlerContext: {
    _match: match,
    basename: "/",
    location: { pathname: "/blog/first", search: "", hash: "", state: null, key: "default" },
    matches: match({ pathname: "/blog/first" }),
    loaderData: { root: { first: true }, [PAGE]: { secret: "the first request's" } },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  },
  serverHandoffStream: new ReadableStream(),
  renderMeta: {},
} as unknown as EntryContext;

function site(
  pageLoader: (args: { request: Request }) => unknown = ({ request }) => ({
    props: { url: request.url },
  }),
) {
  const loaders = {
    root: vi.fn(() => ({ origin: "http://x" })),
    page: vi.fn(pageLoader),
  };
  const serverRoutes: ServerRoutes = {
    root: { module: { loader: loaders.root } },
    [PAGE]: { module: { loader: loaders.page } },
    [other.id]: { module: { loader: () => ({}) } },
  };
  const refused = vi.fn();
  const renderPage = vi.fn(
    async (
      _key: string,
      context: EntryContext,
      _request: Request,
      _info: RequestInfo,
      handoff: string,
    ): Promise<string | null> =>
      `<html>${JSON.stringify(context.staticHandlerContext.location.pathname)}${JSON.stringify(context.staticHandlerContext.loaderData)}${handoff}</html>`,
  );
  const direct = createDirectDocuments({
    keyOf: (leafId) => leafId,
    isPage: (handle) => handle !== undefined,
    renderPage,
    refused,
  });
  const infoFor = (fields: Partial<RequestInfo> = {}): RequestInfo =>
    ({
      splitRender: true,
      redirectsChecked: true,
      basePath: "",
      nonce: "n0nce",
      ...fields,
    }) as RequestInfo;
  const ask = async (path = "/blog/hello", fields: Partial<RequestInfo> = {}, method = "GET") => {
    const info = infoFor(fields);
    const request = new Request(`http://x${path}`, { method });
    const answer = await direct.answer(request, {} as RouterContextProvider, info, serverRoutes);
    return { answer, info };
  };
  /** React Router rendered the request again and got what the direct answer expected, but for `differs`. */
  const reRendered = (
    info: RequestInfo,
    expected: DirectExpected,
    differs: Partial<Parameters<typeof direct.check>[2]> = {},
  ) =>
    direct.check(info, expected, {
      key: expected.key,
      html: expected.html,
      routePattern: expected.routePattern,
      status: 200,
      ownHeaders: false,
      ...differs,
    });
  /** Learned, then checked twice with React Router agreeing. */
  const trusted = async () => {
    direct.learn(PAGE, learnedContext);
    for (let i = 0; i < CHECKS_BEFORE_TRUST; i++) {
      const { info } = await ask();
      reRendered(info, info.directExpected!);
    }
  };
  return { direct, loaders, refused, renderPage, ask, reRendered, trusted, serverRoutes };
}

describe("the direct answer", () => {
  test("is not given before React Router answered the route split", async () => {
    const { ask, loaders } = site();
    const { answer, info } = await ask();
    expect(answer).toBeNull();
    expect(info.replayLoader).toBeUndefined();
    expect(loaders.page).not.toHaveBeenCalled();
  });

  test("a learned route's first answers are React Router's, from the loader outcome the direct answer got", async () => {
    const { direct, ask, loaders, reRendered } = site();
    direct.learn(PAGE, learnedContext);
    for (let i = 0; i < CHECKS_BEFORE_TRUST; i++) {
      const { answer, info } = await ask();
      expect(answer).toBeNull();
      expect(info.replayLoader?.outcome).toEqual({
        value: { props: { url: "http://x/blog/hello" } },
      });
      expect(info.replayLoader?.loader).toBe(loaders.page);
      expect(info.directExpected).toMatchObject({ key: PAGE, routePattern: "/blog/:slug" });
      reRendered(info, info.directExpected!);
    }
    const { answer, info } = await ask();
    expect(answer?.routePattern).toBe("/blog/:slug");
    expect(info.routePattern).toBe("/blog/:slug");
    expect(info.replayLoader).toBeUndefined();
    expect(loaders.page).toHaveBeenCalledTimes(CHECKS_BEFORE_TRUST + 1);
  });

  test("holds this request's data and React Router's handoff of it, none of the learned request's", async () => {
    const { ask, trusted } = site();
    await trusted();
    const { answer } = await ask("/blog/other?b=2&a=1");
    expect(answer!.html).toContain('"/blog/other"');
    expect(answer!.html).toContain("http://x/blog/other?b=2&a=1");
    expect(answer!.html).not.toContain("the first request's");
    expect(answer!.html).toContain(
      String.raw`<script nonce="n0nce">window.__reactRouterContext.streamController.enqueue(`,
    );
    expect(answer!.html).toMatch(
      /streamController\.close\(\);<\/script><!--\/\$--><!--\/\$--><\/html>$/,
    );
  });

  test(`is checked against React Router's again once in ${CHECK_EVERY} answers`, async () => {
    const { ask, trusted } = site();
    await trusted();
    const checked: number[] = [];
    for (let i = CHECKS_BEFORE_TRUST + 1; i <= CHECK_EVERY + 1; i++) {
      const { answer, info } = await ask();
      if (answer === null) checked.push(i);
      if (info.directExpected) expect(info.replayLoader).toBeDefined();
    }
    expect(checked).toEqual([CHECK_EVERY]);
  });

  test.each([
    [
      "its document differs",
      { html: "<html>other</html>" },
      /its document differs from React Router's at character 6/,
    ],
    ["React Router answered another status", { status: 500 }, /React Router answered 500/],
    ["its routes set headers", { ownHeaders: true }, /its routes set headers/],
    ["React Router matched another pattern", { routePattern: "/blog/*" }, /another route pattern/],
    ["React Router rendered it whole", { html: null }, /rendered it whole/],
  ])("a route is refused, named once, when %s", async (_name, actual, reason) => {
    const { direct, ask, loaders, refused, reRendered } = site();
    direct.learn(PAGE, learnedContext);
    const { info } = await ask();
    reRendered(info, info.directExpected!, actual);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused.mock.calls[0]![1]).toBe(PAGE);
    expect(refused.mock.calls[0]![2]).toMatch(reason);
    for (let i = 0; i < 3; i++) {
      const again = await ask();
      expect(again.answer).toBeNull();
      expect(again.info.replayLoader).toBeUndefined();
    }
    expect(loaders.page).toHaveBeenCalledTimes(1);
    direct.learn(PAGE, learnedContext);
    expect((await ask()).info.replayLoader).toBeUndefined();
  });

  test.each([
    [
      "throws (a redirect, the not-found page, an error)",
      () => {
        throw new Response(null, { status: 302 });
      },
    ],
    ["returns what is not plain data", () => ({ props: { at: new Date(0) } })],
  ])(
    "a page whose loader %s goes through React Router with that outcome, its loader run once",
    async (_name, pageLoader) => {
      const { ask, trusted, loaders } = site(pageLoader);
      await trusted().catch(() => {});
      loaders.page.mockClear();
      const { answer, info } = await ask();
      expect(answer).toBeNull();
      expect(info.directExpected).toBeUndefined();
      expect(info.replayLoader?.loader).toBe(loaders.page);
      expect(loaders.page).toHaveBeenCalledTimes(1);
    },
  );

  test("a page route with a middleware of its own is left to React Router, its loader not run", async () => {
    const { ask, trusted, loaders, serverRoutes } = site();
    await trusted();
    (serverRoutes[PAGE]!.module as { middleware?: unknown }).middleware = [() => {}];
    loaders.page.mockClear();
    const { answer, info } = await ask();
    expect(answer).toBeNull();
    expect(info.replayLoader).toBeUndefined();
    expect(loaders.page).not.toHaveBeenCalled();
  });

  test("a page that fails alone goes through React Router with its loader's outcome, its route forgotten until answered split again", async () => {
    const { direct, ask, trusted, renderPage, loaders } = site();
    await trusted();
    renderPage.mockResolvedValueOnce(null);
    const { answer, info } = await ask();
    expect(answer).toBeNull();
    expect(info.replayLoader?.outcome).toEqual({
      value: { props: { url: "http://x/blog/hello" } },
    });
    expect(loaders.page).toHaveBeenCalledTimes(CHECKS_BEFORE_TRUST + 1);
    const forgotten = await ask();
    expect(forgotten.info.replayLoader).toBeUndefined();
    expect(loaders.page).toHaveBeenCalledTimes(CHECKS_BEFORE_TRUST + 1);
    direct.learn(PAGE, learnedContext);
    expect((await ask()).info.directExpected).toBeDefined();
  });

  test.each([
    ["a POST", "/blog/hello", {}, "POST"],
    ["a HEAD", "/blog/hello", {}, "HEAD"],
    ["a rewritten page", "/blog/hello", { rewrittenTo: "/blog/x", rewrittenFrom: "/x" }, "GET"],
    ["a preview", "/blog/hello", { preview: {} }, "GET"],
    ["a page rendered once", "/blog/hello", { renderedOnce: true }, "GET"],
    [
      "a request the server did not check for redirects",
      "/blog/hello",
      { redirectsChecked: false },
      "GET",
    ],
    ["a path outside the base path", "/blog/hello", { basePath: "/shop" }, "GET"],
    ["with SPLIT_RENDER=off", "/blog/hello", { splitRender: false }, "GET"],
    ["route data", "/blog/hello.data", {}, "GET"],
    ["a query React Router hands its loaders apart", "/blog/hello?index", {}, "GET"],
    ["a route that is no Next.js page", "/other", {}, "GET"],
    ["a path no route matches", "/nope/at/all", {}, "GET"],
  ])("%s is not answered directly, nor its loaders run", async (_name, path, fields, method) => {
    const { ask, trusted, loaders } = site();
    await trusted();
    loaders.page.mockClear();
    loaders.root.mockClear();
    const { answer, info } = await ask(path, fields as Partial<RequestInfo>, method);
    expect(answer).toBeNull();
    expect(info.replayLoader).toBeUndefined();
    expect(loaders.page).not.toHaveBeenCalled();
    expect(loaders.root).not.toHaveBeenCalled();
  });
});
