import { describe, expect, test } from "vitest";
import { ConfigError, DEFAULT_IMAGE_CACHE_DIR, loadConfig } from "../../server/platform/config.ts";

describe("loadConfig", () => {
  test("NODE_ENV=development (npm run dev) serves from Vite and logs for a terminal", () => {
    expect(loadConfig({ NODE_ENV: "development" })).toMatchObject({
      development: true,
      logFormat: "pretty",
    });
    expect(loadConfig({ NODE_ENV: "development", LOG_FORMAT: "json" }).logFormat).toBe("json");
    for (const mode of ["production", "test", ""]) {
      expect(loadConfig({ NODE_ENV: mode }).development).toBe(false);
    }
  });

  test("an empty environment gives the documented defaults", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      logLevel: "info",
      logFormat: "json",
      development: false,
      trailingSlash: "never",
      trustProxy: false,
      publicOrigin: null,
      httpsOnly: false,
      warmPages: true,
      metricsPort: 9464,
      revalidateSecret: null,
      previewSecret: null,
      e2eFixtures: false,
      buildDir: "build",
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 0,
      maxUrlLength: 8192,
      maxBodyBytes: 1_048_576,
      rewriteProxyTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
      compression: true,
      splitRender: true,
      renderCacheMaxBytes: 8 * 1024 * 1024,
      memoryLimitBytes: null,
      sharedCache: null,
      tracing: null,
      images: {
        qualities: [75],
        formats: ["avif", "webp"],
        memoryCacheMaxBytes: 16 * 1024 * 1024,
        transformMemoryBytes: null,
        cacheDir: DEFAULT_IMAGE_CACHE_DIR,
        diskCacheMaxBytes: 128 * 1024 * 1024,
        maxInputPixels: 25_000_000,
        maxSourceBytes: 16 * 1024 * 1024,
        remoteOrigins: [],
        remoteTimeoutMs: 5000,
        remoteAllowPrivate: false,
      },
      csp: { reportOnly: false, frameAncestors: ["'none'"], extra: {} },
    });
  });

  test("the result is frozen", () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });

  test.each([
    [{ PORT: "8080" }, { port: 8080 }],
    [{ TRUST_PROXY: "1" }, { trustProxy: true }],
    [{ TRUST_PROXY: "false" }, { trustProxy: false }],
    [{ E2E_FIXTURES: "true" }, { e2eFixtures: true }],
    [{ PUBLIC_ORIGIN: "https://shop.example" }, { publicOrigin: "https://shop.example" }],
    [{ PUBLIC_ORIGIN: "https://shop.example/" }, { publicOrigin: "https://shop.example" }],
    [{ PUBLIC_ORIGIN: "" }, { publicOrigin: null }],
    [{ HTTPS_ONLY: "true" }, { httpsOnly: true }],
    [{ REVALIDATE_SECRET: "s3cret-s3cret-s3cret" }, { revalidateSecret: "s3cret-s3cret-s3cret" }],
    [{ REVALIDATE_SECRET: "" }, { revalidateSecret: null }],
    [{ PREVIEW_SECRET: "p-r-e-v-i-e-w-1234" }, { previewSecret: "p-r-e-v-i-e-w-1234" }],
    [{ LOG_LEVEL: "debug" }, { logLevel: "debug" }],
    [
      { CACHE_URL: "redis://cache:6379" },
      { sharedCache: { url: "redis://cache:6379", timeoutMs: 50, ttlSeconds: 86_400 } },
    ],
    [
      { CACHE_URL: "rediss://:pw@cache.example:6380/2", CACHE_TIMEOUT_MS: "20" },
      { sharedCache: { url: "rediss://:pw@cache.example:6380/2", timeoutMs: 20 } },
    ],
    [{ CACHE_URL: "", CACHE_TIMEOUT_MS: "20" }, { sharedCache: null }],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" },
      {
        tracing: { serviceName: "rr-ssr-shell", sampler: "parentbased_always_on", samplerRatio: 1 },
      },
    ],
    [
      {
        OTEL_TRACES_EXPORTER: "otlp",
        OTEL_SERVICE_NAME: "shop",
        OTEL_TRACES_SAMPLER: "traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      },
      { tracing: { serviceName: "shop", sampler: "traceidratio", samplerRatio: 0.25 } },
    ],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "" }, { tracing: null }],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" },
      { tracing: null },
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" },
      { tracing: null },
    ],
    [{ MEMORY_LIMIT_BYTES: "268435456" }, { memoryLimitBytes: 256 * 1024 * 1024 }],
    [
      { IMAGE_TRANSFORM_MEMORY_BYTES: "104857600" },
      { images: { transformMemoryBytes: 100 * 1024 * 1024 } },
    ],
    [{ IMAGE_QUALITIES: "50, 75,90,75" }, { images: { qualities: [50, 75, 90] } }],
    [{ IMAGE_FORMATS: "webp" }, { images: { formats: ["webp"] } }],
    [{ IMAGE_FORMATS: "" }, { images: { formats: [] } }],
    [{ IMAGE_CACHE_DIR: "" }, { images: { cacheDir: null } }],
    [
      { IMAGE_REMOTE_ORIGINS: "https://cdn.example, https://img.example:8443/" },
      { images: { remoteOrigins: ["https://cdn.example", "https://img.example:8443"] } },
    ],
    [{ CSP_REPORT_ONLY: "1" }, { csp: { reportOnly: true } }],
    [
      { CSP_FRAME_ANCESTORS: "'self' https://portal.example" },
      { csp: { frameAncestors: ["'self'", "https://portal.example"] } },
    ],
    [
      {
        CSP_EXTRA:
          "img-src https://cdn.example; connect-src https://api.example wss://live.example",
      },
      {
        csp: {
          extra: {
            "img-src": ["https://cdn.example"],
            "connect-src": ["https://api.example", "wss://live.example"],
          },
        },
      },
    ],
  ])("%j is read as %j", (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  test.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "-1" }, "PORT"],
    [{ PORT: "3000.5" }, "PORT"],
    [{ TRAILING_SLASH: "sometimes" }, "TRAILING_SLASH"],
    // No longer a deployment's setting: refused, naming where it went.
    [{ TRAILING_SLASH: "always" }, "trailingSlash in site.config.ts"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ LOG_FORMAT: "xml" }, "LOG_FORMAT"],
    [{ PUBLIC_ORIGIN: "example.com" }, "PUBLIC_ORIGIN"],
    [{ PUBLIC_ORIGIN: "https://example.com/app" }, "PUBLIC_ORIGIN"],
    [{ PUBLIC_ORIGIN: "ftp://example.com" }, "PUBLIC_ORIGIN"],
    [{ REVALIDATE_SECRET: "short" }, "REVALIDATE_SECRET"],
    [{ PREVIEW_SECRET: "short" }, "PREVIEW_SECRET"],
    [{ REVALIDATE_SECRET: "has a space in it, sixteen+" }, "REVALIDATE_SECRET"],
    [{ HOST: "" }, "HOST"],
    [{ CACHE_URL: "cache:6379" }, "CACHE_URL"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, "OTEL_EXPORTER_OTLP_ENDPOINT"],
    [{ OTEL_TRACES_EXPORTER: "zipkin" }, "OTEL_TRACES_EXPORTER"],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, "OTEL_EXPORTER_OTLP_PROTOCOL"],
    [{ OTEL_TRACES_SAMPLER: "sometimes" }, "OTEL_TRACES_SAMPLER"],
    [{ OTEL_TRACES_SAMPLER_ARG: "2" }, "OTEL_TRACES_SAMPLER_ARG"],
    [{ CACHE_URL: "http://cache:6379" }, "CACHE_URL"],
    [{ CACHE_URL: "redis://cache:6379/pages" }, "CACHE_URL"],
    [{ CACHE_URL: "redis://cache:6379?db=1" }, "CACHE_URL"],
    [{ CACHE_TIMEOUT_MS: "0" }, "CACHE_TIMEOUT_MS"],
    [{ CACHE_TTL_SECONDS: "0" }, "CACHE_TTL_SECONDS"],
    [{ SHUTDOWN_TIMEOUT_MS: "soon" }, "SHUTDOWN_TIMEOUT_MS"],
    [{ SHUTDOWN_DELAY_MS: "20000" }, "SHUTDOWN_DELAY_MS"],
    [{ SHUTDOWN_TIMEOUT_MS: "0" }, "SHUTDOWN_TIMEOUT_MS"],
    [{ HEADERS_TIMEOUT_MS: "60000", REQUEST_TIMEOUT_MS: "1000" }, "HEADERS_TIMEOUT_MS"],
    [{ IMAGE_QUALITIES: "" }, "IMAGE_QUALITIES"],
    [{ IMAGE_QUALITIES: "75,101" }, 'IMAGE_QUALITIES="75,101": "101" must be'],
    [{ IMAGE_FORMATS: "avif,jxl" }, "IMAGE_FORMATS"],
    [{ IMAGE_REMOTE_ORIGINS: "cdn.example" }, "IMAGE_REMOTE_ORIGINS"],
    [{ IMAGE_REMOTE_ORIGINS: "https://cdn.example/images" }, "IMAGE_REMOTE_ORIGINS"],
    [{ IMAGE_REMOTE_ALLOW_PRIVATE: "yes" }, "IMAGE_REMOTE_ALLOW_PRIVATE"],
    [{ IMAGE_MAX_INPUT_PIXELS: "0" }, "IMAGE_MAX_INPUT_PIXELS"],
    [{ MEMORY_LIMIT_BYTES: "256Mi" }, "MEMORY_LIMIT_BYTES"],
    [{ MEMORY_LIMIT_BYTES: "1048576" }, "MEMORY_LIMIT_BYTES"],
    [{ IMAGE_TRANSFORM_MEMORY_BYTES: "0" }, "IMAGE_TRANSFORM_MEMORY_BYTES"],
    [{ CSP_REPORT_ONLY: "maybe" }, "CSP_REPORT_ONLY"],
    [{ CSP_FRAME_ANCESTORS: "" }, "CSP_FRAME_ANCESTORS"],
    [{ CSP_FRAME_ANCESTORS: "'self'; script-src *" }, "CSP_FRAME_ANCESTORS"],
    [{ CSP_EXTRA: "script-src 'unsafe-eval'" }, "CSP_EXTRA"],
    [{ CSP_EXTRA: "sandbox allow-scripts" }, "CSP_EXTRA"],
    [{ CSP_EXTRA: "img-src" }, "CSP_EXTRA"],
    [{ CSP_EXTRA: "img-src https://a.example\r\nSet-Cookie: x=1" }, "CSP_EXTRA"],
  ])("%j stops start-up, naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  test("every bad variable is reported at once", () => {
    expect(() => loadConfig({ PORT: "x", TRAILING_SLASH: "y" })).toThrow(
      /PORT="x".*\n.*TRAILING_SLASH="y"/,
    );
  });
});
