/**
 * OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT set): an OTLP/HTTP receiver
 * in this test gets, for a page request, a server span named by its route
 * pattern that continues the `traceparent` sent in, and under it the step that
 * answered, React Router's middleware and loaders, and the render; the trace id
 * is in the request's log lines and is the 500 page's reference. With the
 * variables unset, no span is sent and nothing changes.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { errorPage, startServer, type RunningServer } from "./harness.ts";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
}

/** Spans received, as OTLP/HTTP JSON carries them. */
const received: OtlpSpan[] = [];
let receiver: Server;
let server: RunningServer;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as { port: number };
  server = await startServer({
    E2E_FIXTURES: "1",
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_BSP_SCHEDULE_DELAY: "100",
    OTEL_SERVICE_NAME: "shell-under-test",
  });
});

afterAll(async () => {
  await server?.stop();
  receiver?.close();
});

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";

/** The spans of one trace, once its server span has arrived. */
async function spansOf(traceId: string): Promise<OtlpSpan[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const spans = received.filter((s) => s.traceId === traceId);
    if (spans.some((s) => s.kind === 2)) {
      await new Promise((resolve) => setTimeout(resolve, 300)); // its children, if in a later batch
      return received.filter((s) => s.traceId === traceId);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no server span of trace ${traceId} within 10 s`);
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

describe("a page rendered per request, with a traceparent from the proxy", () => {
  let spans: OtlpSpan[];
  let requestId: string;
  beforeAll(async () => {
    const response = await server.request("/blog/hello", {
      headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(response.status).toBe(200);
    requestId = response.headers["x-request-id"] as string;
    spans = await spansOf(TRACE_ID);
  });

  test("one server span named by its route pattern, continuing the caller's trace", () => {
    const servers = spans.filter((s) => s.kind === 2);
    expect(servers).toHaveLength(1);
    const [root] = servers;
    expect(root).toMatchObject({ name: "GET /blog/:slug", parentSpanId: PARENT_ID });
    expect(attribute(root!, "http.route")).toBe("/blog/:slug");
    expect(Number(attribute(root!, "http.response.status_code"))).toBe(200);
  });

  test("under it: the step that answered, the middleware, the loaders and the render", () => {
    const root = spans.find((s) => s.kind === 2)!;
    const names = spans.filter((s) => s.parentSpanId === root.spanId).map((s) => s.name);
    expect(names).toContain("step rendered-per-request");
    expect(names).toContain("render");
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^loader pages\/blog\/\[slug\]$/)]),
    );
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^middleware root$/)]));
  });

  test("the request's id is its trace id, in its access log line too", async () => {
    expect(requestId).toBe(TRACE_ID);
    const access = await server.waitForLog((l) => l.msg === "request" && l.reqId === TRACE_ID);
    expect(access.traceId).toBe(TRACE_ID);
  });
});

test("a request without a traceparent starts a trace of its own", async () => {
  const response = await server.request("/about");
  const traceId = response.headers["x-request-id"] as string;
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  const spans = await spansOf(traceId);
  expect(spans.find((s) => s.kind === 2)).toMatchObject({ name: "GET /about" });
  expect(spans.find((s) => s.kind === 2)!.parentSpanId ?? "").toBe("");
});

test("a 500: its page's reference and its error log line carry the trace id; the span is an error", async () => {
  const response = await server.request("/lab/boom");
  expect(response.status).toBe(500);
  expect(errorPage(response.body)).toBe("server-error");
  const traceId = response.headers["x-request-id"] as string;
  expect(response.body).toContain(`data-reference-id="${traceId}"`);
  const error = await server.waitForLog((l) => l.level === "error" && l.reqId === traceId);
  expect(error.traceId).toBe(traceId);
  const spans = await spansOf(traceId);
  const root = spans.find((s) => s.kind === 2)!;
  expect(root.name).toBe("GET /lab/boom");
  expect(root.status?.code).toBe(2);
  expect(spans.find((s) => s.name === "loader routes/lab/boom")?.status?.code).toBe(2);
});

test("an image transform is a span of its request", async () => {
  const response = await server.request("/_image?src=%2Fimages%2Fvalley.jpg&w=384&q=75", {
    headers: { traceparent: `00-${"a".repeat(32)}-${PARENT_ID}-01` },
  });
  expect(response.status).toBe(200);
  const spans = await spansOf("a".repeat(32));
  const root = spans.find((s) => s.kind === 2)!;
  const transform = spans.find((s) => s.name === "image transform");
  // Computed here, or found in the disk cache of an earlier run: then no transform.
  if (transform) expect(transform.parentSpanId).toBe(root.spanId);
  expect(root.name).toBe("GET image");
});

test("with the variables unset, no trace: the request id is the short one", async () => {
  const plain = await startServer({});
  try {
    const response = await plain.request("/about");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{12}$/);
    const access = await plain.accessLog(response);
    expect(access.traceId).toBeUndefined();
  } finally {
    await plain.stop();
  }
});
