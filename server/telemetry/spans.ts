/**
 * What code outside server/telemetry/tracing.ts needs to make spans: the
 * OpenTelemetry API only, which is a no-op until tracing.ts registers a tracer
 * provider (traces on). So the image optimizer may open a span at no cost when
 * traces are off, and without loading the SDK.
 */
import { SpanStatusCode, trace, type Context, type Tracer } from "@opentelemetry/api";

/** The name of our tracer: the instrumentation scope of every span we make. */
export const TRACER_NAME = "rr-ssr-shell";

export const tracer = (): Tracer => trace.getTracer(TRACER_NAME);

/**
 * Runs `work` in a span named `name`, a child of `parent` (else of the active
 * span), ended when it settles and marked failed if it throws.
 */
export function inSpan<T>(
  name: string,
  work: () => Promise<T>,
  parent?: Context,
  attributes?: Record<string, string | number>,
): Promise<T> {
  const run = async (span: ReturnType<Tracer["startSpan"]>) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  };
  return parent === undefined
    ? tracer().startActiveSpan(name, { attributes }, run)
    : tracer().startActiveSpan(name, { attributes }, parent, run);
}
