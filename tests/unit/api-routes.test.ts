/**
 * The API step (server/steps/api/) on a real HTTP server, with a build whose
 * routes are given here: what the handler gets, what it may answer, and what
 * the step does around it (body limits, errors left to the pipeline, the log).
 * The same routes against Next.js itself: e2e/differential/api.spec.ts.
 */
import pino from "pino";
import { describe, expect, test } from "vitest";
import type { ApiRouteEntry, NextApiHandler } from "../../app/next/api-route.ts";
import { pageRouteOf, type PageRoute } from "../../app/routing/pages.ts";
import type { AppServerBuild } from "../../server/platform/build.ts";
import type { Exchange } from "../../server/platform/exchange.ts";
import { apiRoutes } from "../../server/steps/api/step.ts";
import { previewMode } from "../../server/steps/preview/step.ts";
import { previewKeys, type PreviewKeys } from "../../app/next/preview/mode.ts";
import { serveStep } from "./step-server.ts";

/** A server whose only step is the API step over `routes`; a thrown error is a 500, as in http.ts. */
async function serve(
  routes: Record<string, { default?: unknown; config?: unknown }>,
  options: { maxBodyBytes?: number; revalidated?: string[]; preview?: PreviewKeys | null } = {},
) {
  const preview = options.preview ?? null;
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const entries: ApiRouteEntry[] = Object.entries(routes).map(([file, module]) => ({
    ...(pageRouteOf(file) as PageRoute),
    load: async () => module,
  }));
  const build = { entry: { module: { apiRoutes: entries } } } as unknown as AppServerBuild;
  const step = apiRoutes(
    build,
    {
      maxBodyBytes: options.maxBodyBytes ?? 1 << 20,
      urls: { basePath: "", trailingSlash: false, i18n: null },
      preview,
      revalidate: async (path) => {
        options.revalidated?.push(path);
      },
    },
    logger,
  );
  const { base } = await serveStep(
    step,
    (req, res) => {
      const [path = "/", search = ""] = (req.url ?? "/").split(/(?=\?)/);
      const origin = { protocol: "http:", host: req.headers.host ?? "localhost" };
      const exchange = {
        req,
        res,
        requestId: "req-1",
        rawPath: path,
        path,
        rawSearch: search,
        origin,
      } as Exchange;
      // As http.ts runs it before the API step.
      void previewMode(preview)(exchange);
      return exchange;
    },
    ({ res }) => res.writeHead(404).end("not an API route"),
    lines,
  );
  return { base, lines };
}

const handler = (fn: NextApiHandler) => ({ default: fn });

test("the handler gets the query with the route's parameters, the cookies and the parsed body", async () => {
  const { base } = await serve({
    "api/users/[id].ts": handler((req, res) =>
      res.json({ query: req.query, cookies: req.cookies, body: req.body }),
    ),
  });
  const response = await fetch(`${base}/api/users/42?x=1&x=2&id=shadowed`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: "a=1; b=two%20words" },
    body: '{"n":1}',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    query: { x: ["1", "2"], id: "42" },
    cookies: { a: "1", b: "two words" },
    body: { n: 1 },
  });
});

test("static beats dynamic beats catch-all, segment by segment; other paths pass on", async () => {
  const route = (name: string) => handler((req, res) => res.json({ name, query: req.query }));
  const { base } = await serve({
    "api/users/me.ts": route("me"),
    "api/users/[id].ts": route("id"),
    "api/[...rest].ts": route("rest"),
  });
  const ask = async (path: string) => {
    const response = await fetch(base + path);
    return response.status === 200 ? await response.json() : response.status;
  };
  expect(await ask("/api/users/me")).toEqual({ name: "me", query: {} });
  expect(await ask("/api/users/you")).toEqual({ name: "id", query: { id: "you" } });
  expect(await ask("/api/a/b%2Fc")).toEqual({ name: "rest", query: { rest: ["a", "b/c"] } });
  expect(await ask("/api")).toBe(404);
  expect(await ask("/about")).toBe(404);
});

test("a body past the route's limit is a 413 before the handler runs, in Next.js's words", async () => {
  let ran = false;
  const { base } = await serve({
    "api/small.ts": {
      config: { api: { bodyParser: { sizeLimit: "1kb" } } },
      default: (_req: unknown, res: { end(): void }) => {
        ran = true;
        res.end();
      },
    },
  });
  const response = await fetch(`${base}/api/small`, { method: "POST", body: "x".repeat(1025) });
  expect(response.status).toBe(413);
  expect(await response.text()).toBe("Body exceeded 1kb limit");
  expect(ran).toBe(false);
});

test("bodyParser: false leaves the stream to the handler", async () => {
  const { base } = await serve({
    "api/raw.ts": {
      config: { api: { bodyParser: false } },
      default: handler(async (req, res) => {
        let length = 0;
        for await (const chunk of req) length += (chunk as Buffer).length;
        res.json({ body: req.body ?? null, length });
      }).default,
    },
  });
  const response = await fetch(`${base}/api/raw`, { method: "POST", body: "x".repeat(5000) });
  expect(await response.json()).toEqual({ body: null, length: 5000 });
});

test("a handler that throws rejects the step: the pipeline answers 500 and logs it once", async () => {
  const { base, lines } = await serve({
    "api/throws.ts": handler(() => {
      throw new Error("on purpose");
    }),
  });
  expect((await fetch(`${base}/api/throws`)).status).toBe(500);
  expect(lines.filter((line) => line.msg === "request failed")).toEqual([
    { msg: "request failed", err: "on purpose" },
  ]);
});

test("a module without a default handler is an error naming the file", async () => {
  const { base, lines } = await serve({ "api/empty.ts": {} });
  expect((await fetch(`${base}/api/empty`)).status).toBe(500);
  expect(String(lines.at(-1)?.err)).toContain(
    "pages/api/empty.ts: an API route exports its handler as default",
  );
});

test("a handler that returns without answering is logged, and the request stays its to answer", async () => {
  let answer: (() => void) | undefined;
  const { base, lines } = await serve({
    "api/later.ts": handler((_req, res) => {
      answer = () => res.status(202).send("done");
    }),
  });
  const pending = fetch(`${base}/api/later`);
  await expect
    .poll(() => lines.some((line) => /returned without answering/.test(String(line.msg))))
    .toBe(true);
  answer!();
  const response = await pending;
  expect([response.status, await response.text()]).toEqual([202, "done"]);
});

test("res.revalidate purges the path; a path that is not one is refused", async () => {
  const revalidated: string[] = [];
  const { base } = await serve(
    {
      "api/revalidate.ts": handler(async (req, res) => {
        try {
          await res.revalidate(String(req.query.path));
          res.json({ revalidated: true });
        } catch (error) {
          res.status(400).json({ error: (error as Error).message });
        }
      }),
    },
    { revalidated },
  );
  expect(await (await fetch(`${base}/api/revalidate?path=/blog/hello`)).json()).toEqual({
    revalidated: true,
  });
  const refused = await fetch(`${base}/api/revalidate?path=blog`);
  expect(refused.status).toBe(400);
  expect(revalidated).toEqual(["/blog/hello"]);
});

test("res.send: an ETag, and a 304 for a GET that names it", async () => {
  const { base } = await serve({ "api/tagged.ts": handler((_req, res) => res.send({ a: 1 })) });
  const first = await fetch(`${base}/api/tagged`);
  const etag = first.headers.get("etag")!;
  expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await fetch(`${base}/api/tagged`, { headers: { "if-none-match": etag } });
  expect(again.status).toBe(304);
});

test("a sizeLimit above MAX_BODY_BYTES is reported when the route is first loaded", async () => {
  const { base, lines } = await serve(
    {
      "api/upload.ts": {
        config: { api: { bodyParser: { sizeLimit: "10mb" } } },
        default: handler((_req, res) => res.end()).default,
      },
    },
    { maxBodyBytes: 1 << 20 },
  );
  await fetch(`${base}/api/upload`);
  await fetch(`${base}/api/upload`);
  expect(lines.filter((line) => /MAX_BODY_BYTES/.test(String(line.msg)))).toHaveLength(1);
});

test("an Edge route gets a NextRequest, its parameters in the query, and its Response is sent as it streams", async () => {
  const edge = {
    config: { runtime: "edge" },
    default: async (request: Request & { nextUrl: URL; cookies: { get(n: string): unknown } }) => {
      const body = await request.text();
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("part one, "));
          controller.enqueue(new TextEncoder().encode("part two"));
          controller.close();
        },
      });
      const headers = new Headers({
        "x-query": JSON.stringify(Object.fromEntries(request.nextUrl.searchParams)),
        "x-cookie": JSON.stringify(request.cookies.get("a")),
        "x-body": body,
      });
      headers.append("set-cookie", "one=1");
      headers.append("set-cookie", "two=2");
      return new Response(stream, { status: 201, headers });
    },
  };
  const { base } = await serve({ "api/things/[id].ts": edge });
  const response = await fetch(`${base}/api/things/42?a=b&id=shadowed`, {
    method: "POST",
    headers: { cookie: "a=1" },
    body: "sent",
  });
  expect(response.status).toBe(201);
  expect(JSON.parse(response.headers.get("x-query")!)).toEqual({ a: "b", id: "42" });
  expect(JSON.parse(response.headers.get("x-cookie")!)).toEqual({ name: "a", value: "1" });
  expect(response.headers.get("x-body")).toBe("sent");
  expect(response.headers.getSetCookie()).toEqual(["one=1", "two=2"]);
  expect(await response.text()).toBe("part one, part two");
});

test("an Edge route that returns no Response is the pipeline's error, naming its file", async () => {
  const { base, lines } = await serve({
    "api/nothing.ts": { config: { runtime: "experimental-edge" }, default: () => "text" },
  });
  const response = await fetch(`${base}/api/nothing`);
  expect(response.status).toBe(500);
  expect(JSON.stringify(lines)).toContain(
    "pages/api/nothing.ts: an Edge API route returns a Response, not string",
  );
});

describe("preview and draft modes", () => {
  const keys = previewKeys("a-preview-secret-of-the-site");
  const modes = {
    "api/preview.ts": handler((req, res) => {
      res.setPreviewData({ draft: req.query.id }, { maxAge: 60, path: "/" });
      res.end("on");
    }),
    "api/draft.ts": handler((req, res) => {
      res.setDraftMode({ enable: req.query.off === undefined });
      res.end("draft");
    }),
    "api/clear.ts": handler((_req, res) => {
      res.clearPreviewData().clearPreviewData({ path: "/twice" });
      res.end("off");
    }),
    "api/seen.ts": handler((req, res) =>
      res.json({
        preview: req.preview ?? null,
        draftMode: req.draftMode ?? null,
        data: req.previewData,
      }),
    ),
  };
  const cookieHeader = (setCookies: string[]) =>
    setCookies.map((line) => line.split(";", 1)[0]).join("; ");

  test("setPreviewData sets both cookies, which the next request is told of", async () => {
    const { base } = await serve(modes, { preview: keys });
    const on = await fetch(`${base}/api/preview?id=42`);
    const cookies = on.headers.getSetCookie();
    expect(cookies.map((c) => c.replace(/=[^;]*/, "=…"))).toEqual([
      "__prerender_bypass=…; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=None",
      "__next_preview_data=…; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=None",
    ]);
    const seen = await fetch(`${base}/api/seen`, { headers: { cookie: cookieHeader(cookies) } });
    expect(await seen.json()).toEqual({ preview: true, draftMode: true, data: { draft: "42" } });
  });

  test("setDraftMode sets the bypass cookie alone, and expires it", async () => {
    const { base } = await serve(modes, { preview: keys });
    const on = (await fetch(`${base}/api/draft`)).headers.getSetCookie();
    expect(on).toEqual([`__prerender_bypass=${keys.id}; Path=/; HttpOnly; Secure; SameSite=None`]);
    const seen = await fetch(`${base}/api/seen`, { headers: { cookie: cookieHeader(on) } });
    expect(await seen.json()).toEqual({ preview: true, draftMode: true, data: {} });
    const off = (await fetch(`${base}/api/draft?off`)).headers.getSetCookie();
    expect(off[0]).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  });

  test("clearPreviewData expires both cookies, once per answer", async () => {
    const { base } = await serve(modes, { preview: keys });
    expect((await fetch(`${base}/api/clear`)).headers.getSetCookie()).toEqual([
      "__prerender_bypass=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=None",
      "__next_preview_data=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=None",
    ]);
  });

  test("cookies another secret signed are cleared, and the route is told of no mode", async () => {
    const { base: other } = await serve(modes, {
      preview: previewKeys("another-secret-altogether"),
    });
    const foreign = (await fetch(`${other}/api/preview?id=1`)).headers.getSetCookie();
    const { base } = await serve(modes, { preview: keys });
    const seen = await fetch(`${base}/api/seen`, { headers: { cookie: cookieHeader(foreign) } });
    expect(await seen.json()).toEqual({ preview: null, draftMode: null, data: false });
    expect(seen.headers.getSetCookie().every((c) => c.includes("Expires=Thu, 01 Jan 1970"))).toBe(
      true,
    );
  });

  test("without PREVIEW_SECRET, setPreviewData is a 500 whose log says what to set", async () => {
    const { base, lines } = await serve(modes);
    const response = await fetch(`${base}/api/preview?id=1`);
    expect(response.status).toBe(500);
    expect(JSON.stringify(lines)).toContain("needs PREVIEW_SECRET");
  });
});
