/**
 * The middleware step (server/steps/middleware/) on a real HTTP server, with a
 * build whose middleware is given here, and a next step that shows what it was
 * handed: what each kind of answer does to a document and to a data request,
 * and what a middleware that is wrong gets. The same middleware kinds against
 * Next.js itself: e2e/differential/middleware.spec.ts.
 */
import pino from "pino";
import { describe, expect, test } from "vitest";
import { NextResponse, type NextMiddleware } from "../../app/next/server.ts";
import { stripBasePath } from "../../app/routing/base-path.ts";
import type { CanonicalOptions } from "../../app/routing/canonical-url.ts";
import type { AppServerBuild } from "../../server/platform/build.ts";
import type { Exchange } from "../../server/platform/exchange.ts";
import { siteMiddleware, siteMiddlewareOf } from "../../server/steps/middleware/step.ts";
import { serveStep } from "./step-server.ts";

const BUILD_ID = "build-1";

function buildWith(module: Record<string, unknown>, name: "middleware" | "proxy" = "middleware") {
  const file = `app/${name}.ts`;
  return {
    entry: { module: { nextMiddleware: { file, name, module } } },
  } as unknown as AppServerBuild;
}

/** A server: the middleware step, then a step that answers with what reached it. */
async function serve(
  module: Record<string, unknown>,
  { trailingSlash = "never", basePath = "" }: Partial<CanonicalOptions> = {},
) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const urls = { trailingSlash, basePath };
  const step = siteMiddleware(
    siteMiddlewareOf(buildWith(module), basePath),
    { buildId: BUILD_ID, urls },
    logger,
  );
  const { base } = await serveStep(
    step,
    (req, res) => {
      const [rawPath = "/", search = ""] = (req.url ?? "/").split(/(?=\?)/);
      const path = stripBasePath(rawPath, basePath);
      return {
        req,
        res,
        requestId: "req-1",
        rawPath,
        path,
        rawSearch: search,
        decodedPath: path === null ? "" : decodeURIComponent(path),
        origin: { protocol: "http:", host: req.headers.host! },
      } as Exchange;
    },
    async ({ req, res, path, rewrittenFrom }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          body: Buffer.concat(chunks).toString(),
          url: req.url,
          path,
          rewrittenFrom: rewrittenFrom ?? null,
          user: req.headers["x-user"] ?? null,
          cookie: req.headers.cookie ?? null,
        }),
      );
    },
    lines,
  );
  return { base, lines };
}

const middleware = (fn: NextMiddleware, config?: unknown) => ({ middleware: fn, config });

describe("a document", () => {
  test("nothing returned: on, untouched", async () => {
    const { base } = await serve(middleware(() => undefined));
    expect(await (await fetch(`${base}/about?x=1`)).json()).toMatchObject({
      url: "/about?x=1",
      rewrittenFrom: null,
    });
  });

  test("next() with request headers: the page gets those instead; its answer the response headers and cookies", async () => {
    const { base } = await serve(
      middleware((request) => {
        const headers = new Headers(request.headers);
        headers.set("x-user", "7");
        headers.delete("cookie");
        const response = NextResponse.next({ request: { headers }, headers: { "x-said": "hi" } });
        response.cookies.set("seen", "1");
        return response;
      }),
    );
    const response = await fetch(`${base}/about`, { headers: { cookie: "a=1" } });
    expect(await response.json()).toMatchObject({ user: "7", cookie: null });
    expect(response.headers.get("x-said")).toBe("hi");
    expect(response.headers.get("set-cookie")).toBe("seen=1; Path=/");
    expect(response.headers.get("x-middleware-next")).toBeNull();
  });

  test("rewrite: the next step sees the new path and query, and what the browser asked for", async () => {
    const { base } = await serve(
      middleware((request) => NextResponse.rewrite(new URL("/b/2?y=1", request.url))),
    );
    expect(await (await fetch(`${base}/a?x=1`)).json()).toMatchObject({
      url: "/b/2?y=1",
      path: "/b/2",
      rewrittenFrom: "/a?x=1",
    });
  });

  test("a rewrite to the path its matcher names runs the middleware there once more, as Next.js does", async () => {
    const seen: string[] = [];
    const { base } = await serve(
      middleware((request) => {
        seen.push(request.nextUrl.pathname);
        return NextResponse.rewrite(new URL(`/loop${seen.length}`, request.url));
      }),
    );
    expect(await (await fetch(`${base}/start`)).json()).toMatchObject({ path: "/loop2" });
    expect(seen).toEqual(["/start", "/loop1"]);
  });

  test("without a matcher, it runs outside the base path too, and may redirect into it", async () => {
    const seen: string[] = [];
    const { base } = await serve(
      middleware((request) => {
        const url = request.nextUrl;
        seen.push(`${url.basePath}|${url.pathname}`);
        if (url.basePath === "" && url.pathname === "/old") {
          url.basePath = "/root";
          return NextResponse.redirect(url);
        }
      }),
      { basePath: "/root" },
    );
    const outside = await fetch(`${base}/old?x=1`, { redirect: "manual" });
    expect(outside.status).toBe(307);
    expect(outside.headers.get("location")).toBe("/root/old?x=1");
    const inside = await fetch(`${base}/root/about`);
    expect((await inside.json()).path).toBe("/about");
    expect(seen).toEqual(["|/old", "/root|/about"]);
  });

  test("with a matcher, never outside the base path", async () => {
    const seen: string[] = [];
    const { base } = await serve(
      middleware((request) => void seen.push(request.nextUrl.pathname), { matcher: "/:path*" }),
      { basePath: "/root" },
    );
    await fetch(`${base}/old`);
    await fetch(`${base}/root/about`);
    expect(seen).toEqual(["/about"]);
  });

  test("a rewrite to another origin is an error, named in the log", async () => {
    const { base, lines } = await serve(
      middleware(() => NextResponse.rewrite("https://elsewhere.test/x")),
    );
    expect((await fetch(`${base}/a`)).status).toBe(500);
    expect(lines).toContainEqual(
      expect.objectContaining({
        err: expect.stringContaining("rewrote /a to https://elsewhere.test"),
      }),
    );
  });

  test("the matcher names a page's path under any spelling of its locale prefix", async () => {
    const seen: string[] = [];
    const { base } = await serve(
      middleware(
        (request) => {
          seen.push(`${request.nextUrl.locale}:${request.nextUrl.pathname}`);
        },
        { matcher: "/blog/:slug" },
      ),
    );
    for (const path of ["/blog/a", "/en/blog/a", "/fr/blog/a", "/FR/blog/a", "/xx/blog/a"]) {
      await fetch(base + path);
    }
    expect(seen).toEqual(["en:/blog/a", "en:/blog/a", "fr:/blog/a", "fr:/blog/a"]);
  });

  test("redirect: a Location of this origin as its path", async () => {
    const { base } = await serve(
      middleware((request) => NextResponse.redirect(new URL("/b?x=1", request.url), 308)),
    );
    const response = await fetch(`${base}/a`, { redirect: "manual" });
    expect([response.status, response.headers.get("location"), await response.text()]).toEqual([
      308,
      "/b?x=1",
      "/b?x=1",
    ]);
  });

  test("an answer of its own is sent as it is", async () => {
    const { base } = await serve(
      middleware(
        () => new NextResponse("no", { status: 401, headers: { "www-authenticate": "Basic" } }),
      ),
    );
    const response = await fetch(`${base}/a`);
    expect([
      response.status,
      response.headers.get("www-authenticate"),
      await response.text(),
    ]).toEqual([401, "Basic", "no"]);
  });

  test("an answer of its own streams: its first part reaches the client before the stream ends", async () => {
    let finish = () => {};
    const { base } = await serve(
      middleware(
        () =>
          new NextResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode("first "));
                finish = () => {
                  controller.enqueue(new TextEncoder().encode("last"));
                  controller.close();
                };
              },
            }),
          ),
      ),
    );
    const response = await fetch(`${base}/a`);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first ");
    finish();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += new TextDecoder().decode(part.value);
    }
    expect(rest).toBe("last");
  });

  test("a client that goes away aborts the request's signal and cancels the answer's stream", async () => {
    const seen: string[] = [];
    let settled = () => {};
    const done = new Promise<void>((resolve) => (settled = resolve));
    const { base, lines } = await serve(
      middleware((request) => {
        request.signal.addEventListener("abort", () => {
          seen.push("signal aborted");
          if (seen.length === 2) settled();
        });
        return new NextResponse(
          new ReadableStream({
            pull: () => new Promise(() => {}), // stalls: never a byte
            cancel() {
              seen.push("stream cancelled");
              if (seen.length === 2) settled();
            },
          }),
        );
      }),
    );
    // Gone before a byte came back: nothing of the answer was sent, headers included.
    const controller = new AbortController();
    const asked = fetch(`${base}/a`, { signal: controller.signal }).catch(
      (error: Error) => error.name,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    expect(await asked).toBe("AbortError");
    await done;
    expect(seen.sort()).toEqual(["signal aborted", "stream cancelled"]);
    expect(lines.filter((line) => line.level === 50)).toEqual([]);
  });

  test("the body: the middleware reads it, and the page or API route after it reads it whole again", async () => {
    const { base } = await serve(
      middleware(async (request) => {
        const json = (await request.json()) as { hello: string };
        return NextResponse.next({ headers: { "x-read": json.hello } });
      }),
    );
    const body = JSON.stringify({ hello: "world", pad: "x".repeat(200_000) });
    const response = await fetch(`${base}/api/a`, { method: "POST", body });
    const seen = (await response.json()) as { body: string };
    expect([response.headers.get("x-read"), seen.body === body]).toEqual(["world", true]);
  });

  test("the body the middleware leaves unread reaches the next step as it is", async () => {
    const { base } = await serve(middleware(() => NextResponse.next()));
    const response = await fetch(`${base}/api/a`, { method: "POST", body: "a=1&b=2" });
    expect(((await response.json()) as { body: string }).body).toBe("a=1&b=2");
  });

  test("what is not a Response is an error that says what to return", async () => {
    const { base, lines } = await serve(middleware(() => "nope" as never));
    expect((await fetch(`${base}/a`)).status).toBe(500);
    expect(lines).toContainEqual(
      expect.objectContaining({
        err: expect.stringContaining("returns a NextResponse, or nothing"),
      }),
    );
  });

  test("waitUntil's work that fails is logged with the request id", async () => {
    const { base, lines } = await serve(
      middleware((_request, event) => {
        event.waitUntil(Promise.reject(new Error("late")));
      }),
    );
    await fetch(`${base}/a`);
    await new Promise((wait) => setTimeout(wait, 20));
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: "req-1", msg: "middleware waitUntil failed" }),
    );
  });
});

describe("a data request", () => {
  const data = (path: string) => `/_next/data/${BUILD_ID}/en${path}.json`;

  test("the middleware sees the page's path and the x-nextjs-data header", async () => {
    const seen: unknown[] = [];
    const { base } = await serve(
      middleware((request) => {
        seen.push([
          request.nextUrl.pathname,
          request.nextUrl.locale,
          request.headers.get("x-nextjs-data"),
        ]);
      }),
    );
    await fetch(base + data("/blog/a"));
    await fetch(`${base}/blog/a.data`);
    expect(seen).toEqual([
      ["/blog/a", "en", "1"],
      ["/blog/a", "en", "1"],
    ]);
  });

  test("with trailing slashes, the page's URL is in that style, as a document's would be", async () => {
    const seen: string[] = [];
    const { base } = await serve(
      middleware((request) => void seen.push(new URL(request.url).pathname)),
      { trailingSlash: "always" },
    );
    await fetch(base + data("/blog/a"));
    await fetch(`${base}/_next/data/${BUILD_ID}/en.json`);
    expect(seen).toEqual(["/blog/a/", "/"]);
  });

  test.each([
    [
      "redirected to another site",
      () => NextResponse.redirect("https://elsewhere.example/elsewhere"),
      "x-nextjs-redirect",
    ],
    ["answered", () => NextResponse.json({ a: 1 }), null],
  ])("%s: its page loads as a document", async (_kind, make, header) => {
    const { base } = await serve(middleware(make as NextMiddleware));
    const response = await fetch(base + data("/blog/a"), { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-load-document")).toBe("1");
    if (header) expect(response.headers.get(header)).toContain("/elsewhere");
  });

  test("redirected within the site: told the path, which its client follows in the page", async () => {
    const { base } = await serve(
      middleware((request) => {
        const response = NextResponse.redirect(new URL("/fr/elsewhere?a=1#top", request.url));
        response.cookies.set("seen", "1");
        return response;
      }),
    );
    const response = await fetch(base + data("/blog/a"), { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-load-document")).toBeNull();
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-nextjs-redirect")).toBe("/fr/elsewhere?a=1#top");
    expect(response.headers.get("set-cookie")).toContain("seen=1");
  });

  test("rewritten: answered with that page's data, and told its path, which its client shows under the URL asked for", async () => {
    const { base } = await serve(
      middleware((request) => NextResponse.rewrite(new URL("/elsewhere?x=1", request.url))),
    );
    const response = await fetch(base + data("/blog/a"), { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-load-document")).toBeNull();
    expect(response.headers.get("x-nextjs-rewrite")).toBe("/elsewhere?x=1");
    // The steps after it answer the data of the page rewritten to, in this one answer.
    expect(await response.json()).toMatchObject({
      path: `/_next/data/${BUILD_ID}/en/elsewhere.json`,
      url: `/_next/data/${BUILD_ID}/en/elsewhere.json?x=1`,
      rewrittenFrom: `/_next/data/${BUILD_ID}/en/blog/a.json`,
    });
  });

  test("a route-data request rewritten loads as a document", async () => {
    const { base } = await serve(
      middleware((request) => NextResponse.rewrite(new URL("/elsewhere", request.url))),
    );
    const response = await fetch(`${base}/blog/a.data`, { redirect: "manual" });
    expect(response.headers.get("x-load-document")).toBe("1");
    expect(response.headers.get("x-nextjs-rewrite")).toBe("/elsewhere");
  });

  test("a route-data request redirected within the site still loads as a document", async () => {
    const { base } = await serve(
      middleware((request) => NextResponse.redirect(new URL("/elsewhere", request.url))),
    );
    const response = await fetch(`${base}/blog/a.data`, { redirect: "manual" });
    expect(response.headers.get("x-load-document")).toBe("1");
    expect(response.headers.get("x-nextjs-redirect")).toContain("/elsewhere");
  });

  test("another build's data URL is not the middleware's", async () => {
    const { base } = await serve(middleware(() => NextResponse.json({ a: 1 })));
    const response = await fetch(`${base}/_next/data/other/en/blog/a.json`);
    expect(await response.json()).toMatchObject({ rewrittenFrom: null });
  });
});

describe("a middleware module that is wrong stops the start", () => {
  test.each([
    [{ handler: () => undefined }, "app/middleware.ts must export its function"],
    [
      { middleware: () => undefined, config: { matcher: "about" } },
      'config.matcher: "about" must start with "/"',
    ],
  ])("%j", (module, message) => {
    expect(() => siteMiddlewareOf(buildWith(module), "")).toThrow(message);
  });

  test("proxy.ts exports proxy, or a default", () => {
    expect(siteMiddlewareOf(buildWith({ proxy: () => undefined }, "proxy"), "")).not.toBeNull();
    expect(siteMiddlewareOf(buildWith({ default: () => undefined }, "proxy"), "")).not.toBeNull();
    expect(() => siteMiddlewareOf(buildWith({ middleware: () => undefined }, "proxy"), "")).toThrow(
      "export function proxy(request)",
    );
  });
});
