/**
 * A stand-in OTLP/HTTP trace receiver for the observability suite, run as a
 * container on the compose network (tests/container/otlp.compose.yml), so the
 * replicas reach it by its service name and nothing depends on how the host is
 * reached from a container: a fresh engine's default bridge reports no gateway.
 *
 *   POST /v1/traces   OTLP JSON, as @opentelemetry/exporter-trace-otlp-http sends it
 *   GET  /spans       the server spans received so far: [{ traceId, parentSpanId? }]
 *
 * Plain Node, no dependencies: it runs from the app image's `node`.
 */
import { createServer } from "node:http";

const PORT = 4318;
const SERVER_SPAN = 2;
const MAX_SPANS = 10_000;

interface ExportRequest {
  resourceSpans?: {
    scopeSpans?: { spans?: { traceId: string; parentSpanId?: string; kind: number }[] }[];
  }[];
}

const serverSpans: { traceId: string; parentSpanId?: string }[] = [];

createServer((req, res) => {
  if (req.method === "GET" && req.url === "/spans") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(serverSpans));
    return;
  }
  if (req.method !== "POST" || req.url !== "/v1/traces") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let body: ExportRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as ExportRequest;
    } catch {
      res.writeHead(400).end();
      return;
    }
    for (const resource of body.resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? [])
        for (const { traceId, parentSpanId, kind } of scope.spans ?? [])
          if (kind === SERVER_SPAN && serverSpans.length < MAX_SPANS)
            serverSpans.push({ traceId, parentSpanId });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end("{}");
  });
}).listen(PORT, "0.0.0.0", () => console.log(`otlp-receiver: listening on ${PORT}`));

// Compose stops it with SIGTERM; as PID 1 it has no default handler for it.
process.on("SIGTERM", () => process.exit(0));
