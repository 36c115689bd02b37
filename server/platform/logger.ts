import { trace } from "@opentelemetry/api";
import { pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

const LEVEL_FIELDS: Record<string, { level: string }> = {};

/**
 * JSON lines on stdout, one object per event. `LOG_FORMAT=pretty` is for a
 * developer's terminal and needs the dev dependency pino-pretty.
 *
 * Lines are written asynchronously: under load, lines logged while a write is
 * in progress go out together in the next one, instead of one write(2) per
 * request. Call `logger.flush()` before exiting.
 */
export function createLogger(
  config: Pick<Config, "logLevel" | "logFormat">,
  { traceIds = false }: { traceIds?: boolean } = {},
): Logger {
  const options = {
    // With traces on, every line written within a request's span carries its trace id.
    ...(traceIds && { mixin: activeTraceId }),
    level: config.logLevel,
    base: undefined,
    timestamp: isoTimeByMillisecond(),
    // The level as its name ("info"), from one object per level: this runs for
    // every access line, and a fresh object each time is measurably slower.
    formatters: { level: (label: string) => (LEVEL_FIELDS[label] ??= { level: label }) },
  };
  if (config.logFormat === "pretty") {
    return pino({ ...options, transport: { target: "pino-pretty" } });
  }
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

/**
 * pino's `isoTime` field (`,"time":"2026-11-27T06:07:01.123Z"`), written once
 * per millisecond: under load, several access lines share one.
 */
export function isoTimeByMillisecond(now: () => number = Date.now): () => string {
  let last = Number.NaN;
  let field = "";
  return () => {
    const ms = now();
    if (ms !== last) {
      last = ms;
      field = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return field;
  };
}

const activeTraceId = () => {
  const span = trace.getActiveSpan();
  return span ? { traceId: span.spanContext().traceId } : {};
};

/** Exits once buffered log lines are written (or after a second, if stdout is stuck). */
export function flushAndExit(logger: Logger, code: number): void {
  logger.flush(() => process.exit(code));
  setTimeout(() => process.exit(code), 1000).unref();
}
