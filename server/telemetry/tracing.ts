/**
 * OpenTelemetry traces, off unless the standard OTEL_* variables name an OTLP
 * endpoint or exporter (server/platform/config.ts reads and checks them; the exporter
 * reads the endpoint and headers itself). One span per request, named by its
 * route pattern, continuing a `traceparent` the proxy sends; a child span for
 * the pipeline step that answered; and spans for React Router's middleware,
 * loaders and actions and for the render, through the server build's
 * instrumentation hooks. Off, nothing here is loaded or run.
 */
import type { IncomingHttpHeaders } from "node:http";
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from "@opentelemetry/sdk-trace";
import type { ServerBuild } from "react-router";
import type { TracingConfig } from "../platform/config.ts";
import { inSpan, TRACER_NAME } from "./spans.ts";

export interface Tracing {
  readonly tracer: Tracer;
  /** The request's span, continuing the `traceparent` it carries, and the context to run it in. */
  startRequest(method: string, path: string, headers: IncomingHttpHeaders): RequestTrace;
  /** The server build, its request handling and route handlers wrapped in spans. */
  instrument<B extends ServerBuild>(build: B): B;
  /** Names the request's span by what answered it, records its outcome, and ends it. */
  endRequest(request: RequestTrace, outcome: RequestOutcome): void;
  /** Sends the spans not yet sent. */
  shutdown(): Promise<void>;
}

export interface RequestOutcome {
  readonly method: string;
  readonly route: string | undefined;
  readonly status: number;
  /** The pipeline step that answered, and when it was asked (ms since the epoch). */
  readonly answeredBy: string;
  readonly stepStartedAt: number;
}

export interface RequestTrace {
  readonly span: Span;
  readonly context: Context;
  readonly traceId: string;
}

function samplerOf({ sampler, samplerRatio }: TracingConfig): Sampler {
  const root = sampler.endsWith("always_on")
    ? new AlwaysOnSampler()
    : sampler.endsWith("always_off")
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(samplerRatio);
  return sampler.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

export function startTracing(
  config: TracingConfig,
  build: { readonly id: string; readonly version: string },
): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": config.serviceName,
      "service.version": build.version,
      "rr_ssr_shell.build_id": build.id,
    }),
    sampler: samplerOf(config),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: config.scheduleDelayMs,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer(TRACER_NAME);

  return {
    tracer,
    shutdown: () => provider.shutdown(),

    startRequest(method, path, headers) {
      const parent = propagation.extract(ROOT_CONTEXT, headers, headerGetter);
      const span = tracer.startSpan(
        method,
        {
          kind: SpanKind.SERVER,
          attributes: { "http.request.method": method, "url.path": path },
        },
        parent,
      );
      return { span, context: trace.setSpan(parent, span), traceId: span.spanContext().traceId };
    },

    endRequest({ span, context: requestContext }, outcome) {
      const { method, route, status, answeredBy, stepStartedAt } = outcome;
      span.updateName(`${method} ${route ?? answeredBy}`);
      span.setAttribute("http.response.status_code", status);
      span.setAttribute("rr_ssr_shell.answered_by", answeredBy);
      if (route !== undefined) span.setAttribute("http.route", route);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      tracer.startSpan(`step ${answeredBy}`, { startTime: stepStartedAt }, requestContext).end();
      span.end();
    },

    instrument(original) {
      const module = original.entry.module;
      const wrap =
        (name: string) =>
        (handler: () => Promise<unknown>): Promise<void> =>
          inSpan(name, async () => {
            const result = (await handler()) as { status?: string; error?: Error } | undefined;
            // React Router reports a handler's failure in its result, not by throwing.
            if (result?.status === "error") {
              trace.getActiveSpan()?.setStatus({
                code: SpanStatusCode.ERROR,
                message: result.error?.message,
              });
            }
          });
      return {
        ...original,
        entry: {
          ...original.entry,
          module: {
            ...module,
            instrumentations: [
              ...(module.instrumentations ?? []),
              {
                route(route) {
                  route.instrument({
                    middleware: wrap(`middleware ${route.id}`),
                    loader: wrap(`loader ${route.id}`),
                    action: wrap(`action ${route.id}`),
                  });
                },
              },
            ],
            default: (...args: Parameters<typeof module.default>) =>
              inSpan("render", async () => module.default(...args)),
          },
        },
      };
    },
  };
}
