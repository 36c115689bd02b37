import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createRequest } from "@remix-run/node-fetch-server";
import { webRequestOf } from "../../server/pages/web-request.ts";

const ORIGIN = { protocol: "https:", host: "shop.example" };

/**
 * A server on 127.0.0.1 that turns its one request into a Web Request and
 * hands both over; `answer` decides what it sends, if anything.
 */
function serveOnce(answer: (res: ServerResponse, request: Request) => void) {
  const server = createServer();
  const seen = new Promise<{ req: IncomingMessage; res: ServerResponse; request: Request }>(
    (resolve) => {
      server.once("request", (req: IncomingMessage, res: ServerResponse) => {
        const request = webRequestOf(req, res, ORIGIN);
        resolve({ req, res, request });
        answer(res, request);
      });
    },
  );
  servers.push(server);
  return new Promise<{ port: number; seen: typeof seen }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ port: (server.address() as AddressInfo).port, seen }),
    );
  });
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Resolves once `signal` aborts, or with "still open" after `ms`. */
function abortedWithin(signal: AbortSignal, ms: number): Promise<"aborted" | "still open"> {
  if (signal.aborted) return Promise.resolve("aborted");
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("still open"), ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve("aborted");
    });
  });
}

describe("webRequestOf: the Request React Router is given", () => {
  test("a GET: its method, its path and query on the public origin, its headers", async () => {
    const { port, seen } = await serveOnce((res) => res.end("ok"));
    const answered = fetch(`http://127.0.0.1:${port}/fr/blog/hello?ref=mail&x=1`, {
      headers: { "Accept-Language": "fr", Cookie: "NEXT_LOCALE=fr; theme=dark" },
    });
    const { request } = await seen;
    await answered;
    expect(request.method).toBe("GET");
    expect(request.url).toBe("https://shop.example/fr/blog/hello?ref=mail&x=1");
    expect(request.headers.get("accept-language")).toBe("fr");
    expect(request.headers.get("cookie")).toBe("NEXT_LOCALE=fr; theme=dark");
    expect(request.headers.get("host")).toBe(`127.0.0.1:${port}`);
  });

  test("its URL and headers are those the library's createRequest gives, repeated headers included", async () => {
    const server = createServer();
    servers.push(server);
    const pair = new Promise<[Request, Request]>((resolve) => {
      server.once("request", (req: IncomingMessage, res: ServerResponse) => {
        resolve([webRequestOf(req, res, ORIGIN), createRequest(req, res, ORIGIN)]);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    socket.write(
      "GET /de/docs/a%20b/?q=%C3%A9&q=2 HTTP/1.1\r\nHost: internal:8080\r\n" +
        "Accept: text/html\r\nAccept: */*\r\nCookie: a=1\r\nCookie: b=2\r\n" +
        "X-Forwarded-For: 10.0.0.1\r\nX-Forwarded-For: 10.0.0.2\r\nUser-Agent: test\r\n\r\n",
    );
    const [ours, library] = await pair;
    socket.destroy();
    expect(ours.url).toBe(library.url);
    expect(ours.method).toBe(library.method);
    expect([...ours.headers]).toEqual([...library.headers]);
    expect(ours.headers.get("cookie")).toBe("a=1; b=2");
  });

  test("a HEAD keeps its method", async () => {
    const { port, seen } = await serveOnce((res) => res.end());
    await fetch(`http://127.0.0.1:${port}/about`, { method: "HEAD" });
    expect((await seen).request.method).toBe("HEAD");
  });

  test.each(["GET", "POST"])(
    "a %s's signal aborts when its client hangs up before the answer",
    async (method) => {
      const { port, seen } = await serveOnce(() => {
        // No answer: the page is still rendering.
      });
      const socket = connect(port, "127.0.0.1");
      const body = method === "POST" ? "name=x" : "";
      socket.write(
        `${method} /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n` +
          (body ? "Content-Type: application/x-www-form-urlencoded\r\n" : "") +
          `\r\n${body}`,
      );
      const { request } = await seen;
      expect(request.signal.aborted).toBe(false);
      socket.destroy();
      expect(await abortedWithin(request.signal, 2000)).toBe("aborted");
    },
  );

  test("a signal stays open once the answer is out, when the connection closes after", async () => {
    const { port, seen } = await serveOnce((res) => res.end("done"));
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ port, host: "127.0.0.1", path: "/", agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end();
    });
    const { res, request } = await seen;
    if (!res.closed) await new Promise((resolve) => res.once("close", resolve));
    expect(await abortedWithin(request.signal, 200)).toBe("still open");
  });

  test("a POST's body reaches the Request", async () => {
    const { port, seen } = await serveOnce((res) => res.end());
    await fetch(`http://127.0.0.1:${port}/blog/new`, {
      method: "POST",
      body: "title=Hello&body=World",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { request } = await seen;
    expect(request.method).toBe("POST");
    expect(await request.text()).toBe("title=Hello&body=World");
  });
});
