/**
 * The environment, read once at start-up into one typed, frozen object.
 * Nothing else in the server reads process.env. A bad value stops start-up
 * with a message naming the variable; the configuration guide's table (docs/configuration.md) lists the same set.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRAILING_SLASH, type TrailingSlash } from "../../app/routing/canonical-url.ts";
import { DEFAULT_IMAGE_QUALITY } from "../../app/images.ts";
import { LOCALE_DOMAINS } from "../../app/routing/locale.ts";
import { isSourceExpression, parseExtraSources, type CspOptions } from "../pages/csp.ts";
import { MODERN_FORMATS, type ModernFormat } from "../steps/images/format.ts";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const LOG_FORMATS = ["json", "pretty"] as const;

export interface Config {
  readonly port: number;
  readonly host: string;
  /** The Prometheus metrics port (server/telemetry/metrics.ts); 0: no metrics. */
  readonly metricsPort: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly logFormat: (typeof LOG_FORMATS)[number];
  /** `NODE_ENV=development` (npm run dev): the app comes from Vite's dev server (server/platform/app-source.ts). */
  readonly development: boolean;
  readonly trailingSlash: TrailingSlash;
  readonly trustProxy: boolean;
  readonly publicOrigin: string | null;
  /** Plain HTTP only redirects to HTTPS (the proxy says so): HSTS is sent (server/steps/security-headers.ts). */
  readonly httpsOnly: boolean;
  /** With a public origin, the pages rendered once are rendered and kept at start (server/static-pages/warm.ts). */
  readonly warmPages: boolean;
  /** The bearer secret of `POST /_revalidate`; null: the endpoint does not exist. */
  readonly revalidateSecret: string | null;
  /** Signs and seals the cookies of Next.js's preview and draft modes (PREVIEW_SECRET); null: those modes are off. */
  readonly previewSecret: string | null;
  readonly e2eFixtures: boolean;
  readonly buildDir: string;
  readonly shutdownTimeoutMs: number;
  readonly shutdownDelayMs: number;
  readonly maxUrlLength: number;
  readonly maxBodyBytes: number;
  /** How long another site a rewrite leads to may take to start its answer (server/steps/rewrites/proxy.ts). */
  readonly rewriteProxyTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly renderCacheMaxBytes: number;
  /**
   * The memory the process may use, for its memory plan (server/platform/memory-plan.ts);
   * null: the container's limit (cgroup), else the host's memory.
   */
  readonly memoryLimitBytes: number | null;
  /** The cache every replica shares (server/pages/cache/shared.ts); null: each keeps its own. */
  readonly sharedCache: SharedCacheConfig | null;
  /** OpenTelemetry traces (server/telemetry/tracing.ts), from the standard OTEL_* variables; null: off. */
  readonly tracing: TracingConfig | null;
  readonly maxConnections: number;
  readonly compression: boolean;
  /** Pages rendered per request fill a document kept per route (app/split-render/); off: rendered whole. */
  readonly splitRender: boolean;
  readonly images: ImageConfig;
  /** The Content-Security-Policy of HTML answers (server/pages/csp.ts). */
  readonly csp: CspOptions;
}

export interface ImageConfig {
  readonly qualities: readonly number[];
  readonly formats: readonly ModernFormat[];
  readonly memoryCacheMaxBytes: number;
  /** The memory the transformations under way may take together; null: what the memory plan leaves. */
  readonly transformMemoryBytes: number | null;
  /** null: no disk cache. */
  readonly cacheDir: string | null;
  readonly diskCacheMaxBytes: number;
  readonly maxInputPixels: number;
  readonly maxSourceBytes: number;
  readonly remoteOrigins: readonly string[];
  readonly remoteTimeoutMs: number;
  readonly remoteAllowPrivate: boolean;
}

export interface SharedCacheConfig {
  /** redis:// or rediss:// URL, password included when there is one. */
  readonly url: string;
  /** How long a command may take before the request goes on without the cache. */
  readonly timeoutMs: number;
  /** How long a kept page lives in the shared cache, at most. */
  readonly ttlSeconds: number;
}

export const TRACE_SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

export interface TracingConfig {
  readonly serviceName: string;
  readonly sampler: (typeof TRACE_SAMPLERS)[number];
  /** traceidratio's ratio, 0 to 1. */
  readonly samplerRatio: number;
  /** How often finished spans are sent. */
  readonly scheduleDelayMs: number;
}

/** Where the image optimizer's disk cache lives unless IMAGE_CACHE_DIR says otherwise. */
export const DEFAULT_IMAGE_CACHE_DIR = join(tmpdir(), "rr-ssr-shell-images");

type Env = Readonly<Record<string, string | undefined>>;
type Parser<T> = (raw: string) => T;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function oneOf<const T extends readonly string[]>(values: T): Parser<T[number]> {
  return (raw) => {
    if ((values as readonly string[]).includes(raw)) return raw as T[number];
    throw new Error(`must be one of ${values.join(", ")}`);
  };
}

function integer(min: number, max: number): Parser<number> {
  return (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new Error(`must be a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

const flag: Parser<boolean> = (raw) => {
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  throw new Error("must be 1, 0, true or false");
};

const text: Parser<string> = (raw) => {
  if (raw.trim() === "") throw new Error("must not be empty");
  return raw;
};

/** A shared secret: long enough not to be guessed, with nothing a header would mangle. */
const secret: Parser<string | null> = (raw) => {
  if (raw === "") return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new Error("must be 16 to 256 printable characters, no spaces");
  }
  return raw;
};

const origin: Parser<string | null> = (raw) => {
  if (raw === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("must be an absolute http(s) origin such as https://example.com");
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, "")) {
    throw new Error("must be an absolute http(s) origin such as https://example.com (no path)");
  }
  return url.origin;
};

/** A Redis server: redis://[user:password@]host[:port][/db], or rediss:// for TLS. */
const redisUrl: Parser<string | null> = (raw) => {
  if (raw === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("must be a URL such as redis://cache:6379");
  }
  if (!/^rediss?:$/.test(url.protocol) || url.hostname === "") {
    throw new Error("must be a redis:// or rediss:// URL with a host, such as redis://cache:6379");
  }
  if (!/^(\/\d{0,2})?$/.test(url.pathname) || url.search !== "" || url.hash !== "") {
    throw new Error("may name a database number as its path (redis://cache:6379/0), nothing else");
  }
  return raw;
};

/** An OTLP/HTTP endpoint: the exporter itself reads it; checked here so a typo stops start-up. */
const httpUrl: Parser<string> = (raw) => {
  try {
    if (/^https?:$/.test(new URL(raw).protocol)) return raw;
  } catch {
    // reported below
  }
  throw new Error("must be an http(s) URL such as http://collector:4318");
};

const someOrigin: Parser<string> = (raw) => origin(raw) ?? raw;

/** A comma-separated list, each item parsed; duplicates dropped. */
function list<T>(item: Parser<T>, { allowEmpty }: { allowEmpty: boolean }): Parser<T[]> {
  return (raw) => {
    const items = raw
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    if (items.length === 0 && !allowEmpty) throw new Error("must list at least one value");
    return [...new Set(items.map(item))];
  };
}

function listItem<T>(parse: Parser<T>): Parser<T> {
  return (raw) => {
    try {
      return parse(raw);
    } catch (error) {
      throw new Error(`"${raw}" ${(error as Error).message}`);
    }
  };
}

/**
 * Reads and validates every variable, reporting all bad ones at once.
 * @throws ConfigError naming each invalid variable.
 */
export function loadConfig(given: Env): Readonly<Config> {
  // An OTEL_* variable set to "" is unset, as the OpenTelemetry SDKs read them.
  const env = Object.fromEntries(
    Object.entries(given).filter(([name, value]) => !(name.startsWith("OTEL_") && value === "")),
  );
  const problems: string[] = [];
  function read<T>(name: string, parse: Parser<T>, fallback: T): T {
    const raw = env[name];
    if (raw === undefined) return fallback;
    try {
      return parse(raw);
    } catch (error) {
      problems.push(`${name}=${JSON.stringify(raw)}: ${(error as Error).message}`);
      return fallback;
    }
  }

  // Any value but "development" is production (Vitest sets "test", for one).
  const development = read("NODE_ENV", (raw) => raw, "production") === "development";
  // Traces: on when an OTLP endpoint or exporter is named, as the OpenTelemetry SDKs do.
  const tracesExporter = read("OTEL_TRACES_EXPORTER", oneOf(["otlp", "none"] as const), null);
  const endpoint =
    read("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", httpUrl, null) ??
    read("OTEL_EXPORTER_OTLP_ENDPOINT", httpUrl, null);
  read("OTEL_EXPORTER_OTLP_PROTOCOL", oneOf(["http/json"] as const), "http/json");
  const tracingOn =
    read("OTEL_SDK_DISABLED", flag, false) === false &&
    (tracesExporter === "otlp" || (tracesExporter === null && endpoint !== null));
  const tracing: TracingConfig = {
    serviceName: read("OTEL_SERVICE_NAME", text, "rr-ssr-shell"),
    sampler: read("OTEL_TRACES_SAMPLER", oneOf(TRACE_SAMPLERS), "parentbased_always_on"),
    samplerRatio: read(
      "OTEL_TRACES_SAMPLER_ARG",
      (raw) => {
        const ratio = Number(raw);
        if (raw.trim() === "" || !(ratio >= 0 && ratio <= 1)) throw new Error("must be 0 to 1");
        return ratio;
      },
      1,
    ),
    scheduleDelayMs: read("OTEL_BSP_SCHEDULE_DELAY", integer(1, 600_000), 5000),
  };
  const cacheUrl = read("CACHE_URL", redisUrl, null);
  const cacheTimeoutMs = read("CACHE_TIMEOUT_MS", integer(5, 5000), 50);
  const cacheTtlSeconds = read("CACHE_TTL_SECONDS", integer(1, 30 * 86_400), 86_400);
  const config: Config = {
    port: read("PORT", integer(0, 65535), 3000),
    host: read("HOST", text, "0.0.0.0"),
    metricsPort: read("METRICS_PORT", integer(0, 65535), 9464),
    logLevel: read("LOG_LEVEL", oneOf(LOG_LEVELS), "info"),
    logFormat: read("LOG_FORMAT", oneOf(LOG_FORMATS), development ? "pretty" : "json"),
    development,
    // A URL shape, built into the browser's code too: the site's, not the deployment's.
    trailingSlash: TRAILING_SLASH,
    trustProxy: read("TRUST_PROXY", flag, false),
    publicOrigin: read("PUBLIC_ORIGIN", origin, null),
    httpsOnly: read("HTTPS_ONLY", flag, false),
    warmPages: read("WARM_PAGES", flag, true),
    revalidateSecret: read("REVALIDATE_SECRET", secret, null),
    previewSecret: read("PREVIEW_SECRET", secret, null),
    e2eFixtures: read("E2E_FIXTURES", flag, false),
    buildDir: read("BUILD_DIR", text, "build"),
    shutdownTimeoutMs: read("SHUTDOWN_TIMEOUT_MS", integer(100, 600_000), 10_000),
    shutdownDelayMs: read("SHUTDOWN_DELAY_MS", integer(0, 600_000), 0),
    maxUrlLength: read("MAX_URL_LENGTH", integer(64, 65_536), 8192),
    maxBodyBytes: read("MAX_BODY_BYTES", integer(0, 1 << 30), 1 << 20),
    rewriteProxyTimeoutMs: read("REWRITE_PROXY_TIMEOUT_MS", integer(100, 600_000), 30_000),
    headersTimeoutMs: read("HEADERS_TIMEOUT_MS", integer(1, 600_000), 10_000),
    requestTimeoutMs: read("REQUEST_TIMEOUT_MS", integer(1, 3_600_000), 30_000),
    keepAliveTimeoutMs: read("KEEP_ALIVE_TIMEOUT_MS", integer(1, 600_000), 5_000),
    compression: read("COMPRESSION", oneOf(["on", "off"] as const), "on") === "on",
    splitRender: read("SPLIT_RENDER", oneOf(["on", "off"] as const), "on") === "on",
    maxConnections: read("MAX_CONNECTIONS", integer(1, 1_000_000), 1024),
    renderCacheMaxBytes: read("RENDER_CACHE_MAX_BYTES", integer(0, 1 << 30), 8 << 20),
    memoryLimitBytes: read("MEMORY_LIMIT_BYTES", integer(32 << 20, 2 ** 50), null),
    tracing: tracingOn ? Object.freeze(tracing) : null,
    sharedCache:
      cacheUrl === null
        ? null
        : Object.freeze({ url: cacheUrl, timeoutMs: cacheTimeoutMs, ttlSeconds: cacheTtlSeconds }),
    images: {
      qualities: read("IMAGE_QUALITIES", list(listItem(integer(1, 100)), { allowEmpty: false }), [
        DEFAULT_IMAGE_QUALITY,
      ]),
      formats: read("IMAGE_FORMATS", list(listItem(oneOf(MODERN_FORMATS)), { allowEmpty: true }), [
        ...MODERN_FORMATS,
      ]),
      memoryCacheMaxBytes: read("IMAGE_MEMORY_CACHE_MAX_BYTES", integer(0, 1 << 30), 16 << 20),
      transformMemoryBytes: read("IMAGE_TRANSFORM_MEMORY_BYTES", integer(1 << 20, 2 ** 50), null),
      cacheDir: read("IMAGE_CACHE_DIR", (raw) => raw || null, DEFAULT_IMAGE_CACHE_DIR),
      diskCacheMaxBytes: read("IMAGE_DISK_CACHE_MAX_BYTES", integer(0, 2 ** 40), 128 << 20),
      maxInputPixels: read("IMAGE_MAX_INPUT_PIXELS", integer(1, 1 << 30), 25_000_000),
      maxSourceBytes: read("IMAGE_MAX_SOURCE_BYTES", integer(1, 1 << 30), 16 << 20),
      remoteOrigins: read(
        "IMAGE_REMOTE_ORIGINS",
        list(listItem(someOrigin), { allowEmpty: true }),
        [],
      ),
      remoteTimeoutMs: read("IMAGE_REMOTE_TIMEOUT_MS", integer(100, 60_000), 5000),
      remoteAllowPrivate: read("IMAGE_REMOTE_ALLOW_PRIVATE", flag, false),
    },
    csp: {
      reportOnly: read("CSP_REPORT_ONLY", flag, false),
      frameAncestors: read(
        "CSP_FRAME_ANCESTORS",
        (raw) => {
          const sources = raw.trim().split(/\s+/).filter(Boolean);
          const bad = sources.find((source) => !isSourceExpression(source));
          if (sources.length === 0) throw new Error("must name at least one source");
          if (bad !== undefined) throw new Error(`"${bad}" is not a source expression`);
          return sources;
        },
        ["'none'"],
      ),
      extra: read("CSP_EXTRA", parseExtraSources, {}),
    },
  };
  // Moved to site.config.ts: a deployment that still sets it must not be ignored silently.
  if (env.TRAILING_SLASH !== undefined) {
    problems.push(
      `TRAILING_SLASH=${JSON.stringify(env.TRAILING_SLASH)}: no longer read; the trailing-slash style is trailingSlash in site.config.ts (true for "always"), set before the build`,
    );
  }
  // A locale domain is told by the host each request names: one fixed origin would name one.
  if (config.publicOrigin !== null && LOCALE_DOMAINS.length > 0) {
    problems.push(
      "PUBLIC_ORIGIN: the site has locale domains (i18n.domains), each known by the host a request names; leave PUBLIC_ORIGIN unset (behind a proxy, TRUST_PROXY=true reads X-Forwarded-Host)",
    );
  }
  if (config.shutdownDelayMs >= config.shutdownTimeoutMs) {
    problems.push("SHUTDOWN_DELAY_MS must be less than SHUTDOWN_TIMEOUT_MS");
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push("HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS");
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  Object.freeze(config.images);
  Object.freeze(config.csp);
  return Object.freeze(config);
}
