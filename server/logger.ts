import { pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/**
 * JSON lines on stdout, one object per event. `LOG_FORMAT=pretty` is for a
 * developer's terminal and needs the dev dependency pino-pretty.
 */
export function createLogger(config: Pick<Config, "logLevel" | "logFormat">): Logger {
  return pino({
    level: config.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    ...(config.logFormat === "pretty" && { transport: { target: "pino-pretty" } }),
  });
}
