/**
 * Our patch of React Router (patches/react-router+8.4.0.patch, decision 016):
 * `ServerRouter` makes the routes it renders once per build, not on every
 * render. Without the patch, each request gets its own copy of every route
 * (`createServerRoutes`, then `createStaticRouter`'s conversion): the first
 * test fails. The others hold with or without it: a new build (as Vite's dev
 * server makes after an edit) renders its own routes, never the ones kept for
 * the build before, and each request still gets its own matches and data.
 */
import { useContext, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createRequestHandler,
  Outlet,
  ServerRouter,
  UNSAFE_DataRouterContext,
  useLoaderData,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { describe, expect, test } from "vitest";

/** What each render saw: the router's routes and the route modules it was given. */
interface Seen {
  routes: unknown;
  routeModules: unknown;
}

function buildOf(text: string, seen: Seen[]): ServerBuild {
  let renderedModules: unknown;
  function Root(): ReactNode {
    return <Outlet />;
  }
  function Page(): ReactNode {
    const router = useContext(UNSAFE_DataRouterContext)!.router;
    const { slug } = useLoaderData<{ slug: string }>();
    seen.push({ routes: router.routes, routeModules: renderedModules });
    return <p>{`${text}: ${slug}`}</p>;
  }
  const route = (id: string, parentId: string | undefined, path: string) => ({
    id,
    parentId,
    path,
    hasAction: false,
    hasLoader: id === "page",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/${id}.js`,
    imports: [],
  });
  return {
    entry: {
      module: {
        async default(request: Request, status: number, headers: Headers, context: EntryContext) {
          renderedModules = context.routeModules;
          const stream = await renderToReadableStream(
            <ServerRouter context={context} url={request.url} />,
          );
          await stream.allReady;
          headers.set("Content-Type", "text/html");
          return new Response(stream, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Root } },
      page: {
        id: "page",
        parentId: "root",
        path: "posts/:slug",
        module: {
          default: Page,
          loader: ({ params }: { params: { slug?: string } }) => ({ slug: params.slug }),
        },
      },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: { root: route("root", undefined, ""), page: route("page", "root", "posts/:slug") },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}

async function render(handler: ReturnType<typeof createRequestHandler>, path: string) {
  const response = await handler(new Request(`http://localhost${path}`));
  return { status: response.status, body: await response.text() };
}

describe("ServerRouter's routes (patched React Router)", () => {
  test("are made once per build: every render of a build sees the same routes", async () => {
    const seen: Seen[] = [];
    const handler = createRequestHandler(buildOf("first build", seen));
    await render(handler, "/posts/a");
    await render(handler, "/posts/b");
    expect(seen).toHaveLength(2);
    expect(seen[1]!.routeModules).toBe(seen[0]!.routeModules);
    expect(seen[1]!.routes).toBe(seen[0]!.routes);
  });

  test("each request still renders its own page and data", async () => {
    const handler = createRequestHandler(buildOf("first build", []));
    const [a, b] = [await render(handler, "/posts/a"), await render(handler, "/posts/b")];
    expect(a.status).toBe(200);
    expect(a.body).toContain("<p>first build: a</p>");
    expect(b.body).toContain("<p>first build: b</p>");
  });

  test("a new build renders its own routes, not those kept for the build before", async () => {
    const seen: Seen[] = [];
    const before = createRequestHandler(buildOf("before the edit", seen));
    const after = createRequestHandler(buildOf("after the edit", seen));
    expect((await render(before, "/posts/a")).body).toContain("<p>before the edit: a</p>");
    expect((await render(after, "/posts/a")).body).toContain("<p>after the edit: a</p>");
    expect(seen[1]!.routes).not.toBe(seen[0]!.routes);
  });
});
