/**
 * A site's `next.config.js` (`.mjs`, `.ts`) read as the team wrote it, into
 * the shell's site config (site-config.ts): an object, or a function of the
 * phase, as Next.js calls it. A site that has one keeps its `site.config.ts` to
 * one line that reads it (docs/configuration.md, "A site's next.config.js"):
 * one config file, not two.
 *
 * Each key is taken, reported and ignored, or refused, by the table below. A
 * refused key stops the build, naming it and saying what to do; keys that only
 * tune Next.js's own build are reported and ignored.
 */
import { DEVICE_SIZES, IMAGE_SIZES } from "../images.ts";
import { isObject } from "./is-object.ts";
import { remotePatternsOf } from "./remote-patterns.ts";
import {
  defineSiteConfig,
  siteConfigProblems,
  type SiteConfig,
  type SiteConfigInput,
} from "./site-config.ts";

/** The phase Next.js names when it calls a config function: `next build`'s. */
export const BUILD_PHASE = "phase-production-build";

/** What the site config takes as it is. */
const TAKEN = [
  "i18n",
  "trailingSlash",
  "basePath",
  "assetPrefix",
  "redirects",
  "headers",
  "rewrites",
  "env",
] as const;

/** Keys the shell has no use for: reported, then ignored. */
const IGNORED: Readonly<Record<string, string>> = {
  webpack: "the shell builds with Vite",
  turbopack: "the shell builds with Vite",
  experimental: "Next.js's own experiments",
  eslint: "Next.js's lint step during its build",
  typescript: "Next.js's type check during its build (npm run typecheck is the shell's)",
  reactStrictMode: "the shell renders pages in React's StrictMode in development",
  output: "the shell's build is its container image",
  outputFileTracingRoot: "the shell's build is its container image",
  outputFileTracingIncludes: "the shell's build is its container image",
  outputFileTracingExcludes: "the shell's build is its container image",
  distDir: "the shell builds into build/",
  compiler: "Next.js's SWC transforms",
  transpilePackages: "Vite compiles what the pages import",
  productionBrowserSourceMaps: "the shell's build settings are its own",
  devIndicators: "Next.js's development overlay",
  onDemandEntries: "Next.js's development server",
  serverExternalPackages: "the shell's server bundle is its own",
  logging: "the shell logs with pino (LOG_LEVEL)",
  poweredByHeader: "the shell never sends X-Powered-By",
  compress: "the server's COMPRESSION variable decides",
};

/** Keys refused unless they hold what the shell does anyway: their default, and what to do instead. */
const REFUSED: Readonly<
  Record<string, { readonly fine: (value: unknown) => boolean; readonly advice: string }>
> = {
  pageExtensions: {
    fine: (value) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((extension) => ["js", "jsx", "ts", "tsx"].includes(extension as string)),
    advice: "pages are .js, .jsx, .ts or .tsx files; rename the others",
  },
  skipTrailingSlashRedirect: {
    fine: (value) => value === false,
    advice: "the shell redirects every other spelling of a URL to its canonical one",
  },
  skipMiddlewareUrlNormalize: {
    fine: (value) => value === false,
    advice: "the middleware is given the page's path of a data request, as by default",
  },
  generateBuildId: {
    fine: () => false,
    advice:
      "the shell's build id is the hash of its client build, which binds a page's data to it; remove generateBuildId",
  },
  i18n: { fine: () => true, advice: "" },
  images: { fine: () => true, advice: "" },
};

export interface NextConfigReading {
  /** The site config's input, for defineSiteConfig. */
  readonly site: SiteConfigInput<string>;
  /** Keys read and ignored, each with why: the build prints them. */
  readonly ignored: readonly string[];
  /** What stops the build, each naming its key. */
  readonly problems: readonly string[];
}

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** next.config's `images`: the remote sources taken into the site config, and every problem. */
function imagesOf(images: unknown): {
  images: SiteConfigInput<string>["images"];
  problems: string[];
} {
  if (images === undefined) return { images: undefined, problems: [] };
  if (!isObject(images)) return { images: undefined, problems: ["images: must be an object"] };
  const problems: string[] = [];
  const remote = remotePatternsOf(images.remotePatterns, images.domains);
  problems.push(...remote.problems);
  const local = images.dangerouslyAllowLocalIP;
  if (local !== undefined && typeof local !== "boolean")
    problems.push(`images.dangerouslyAllowLocalIP: ${JSON.stringify(local)} must be true or false`);
  for (const [key, value] of Object.entries(images)) {
    const at = `images.${key}`;
    switch (key) {
      case "deviceSizes":
      case "imageSizes": {
        const shell = key === "deviceSizes" ? DEVICE_SIZES : IMAGE_SIZES;
        const sorted = Array.isArray(value) ? [...(value as number[])].sort((a, b) => a - b) : null;
        if (sorted === null || !same(sorted, shell)) {
          problems.push(
            `${at}: ${JSON.stringify(value)} differs from the shell's size set ${JSON.stringify(shell)}, which every page and the image cache share; remove it`,
          );
        }
        break;
      }
      case "qualities":
        problems.push(
          `${at}: set IMAGE_QUALITIES (${JSON.stringify(value)}) in the server's environment instead`,
        );
        break;
      case "formats":
        problems.push(
          `${at}: set IMAGE_FORMATS (${JSON.stringify(value)}) in the server's environment instead`,
        );
        break;
      case "remotePatterns":
      case "domains":
      case "dangerouslyAllowLocalIP":
        break;
      case "unoptimized":
        if (value !== false)
          problems.push(`${at}: every image goes through the shell's optimizer (/_image)`);
        break;
      default:
        problems.push(`${at}: not supported by this shell`);
    }
  }
  const taken = remote.patterns.length > 0 || local === true;
  return {
    images: taken
      ? { remotePatterns: remote.patterns, dangerouslyAllowLocalIP: local === true }
      : undefined,
    problems,
  };
}

function i18nOf(i18n: unknown, problems: string[]): SiteConfigInput<string>["i18n"] | undefined {
  if (i18n === undefined || i18n === null) return undefined;
  if (!isObject(i18n)) {
    problems.push("i18n: must be an object");
    return undefined;
  }
  // An empty list, as some configs write it, is none.
  const { domains, ...rest } = i18n;
  if (Array.isArray(domains) && domains.length === 0) return rest as never;
  return i18n as unknown as SiteConfigInput<string>["i18n"];
}

/**
 * A next.config's exported value read: `config` is the module's default export
 * (an object, or a function of the phase, maybe async). Async: `redirects()`,
 * `rewrites()` and `headers()` are called, as Next.js calls them at build time.
 */
export async function readNextConfig(
  config: unknown,
  phase = BUILD_PHASE,
): Promise<NextConfigReading> {
  const value =
    typeof config === "function"
      ? await (config as (phase: string, context: { defaultConfig: object }) => unknown)(phase, {
          defaultConfig: {},
        })
      : config;
  if (!isObject(value)) {
    return {
      site: {},
      ignored: [],
      problems: ["next.config: must export an object, or a function that returns one"],
    };
  }
  const problems: string[] = [];
  const ignored: string[] = [];
  const site: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (raw === undefined) continue;
    if (key in IGNORED) {
      ignored.push(`${key}: ignored (${IGNORED[key]})`);
      continue;
    }
    const refusal = REFUSED[key];
    if (refusal) {
      if (!refusal.fine(raw)) problems.push(`${key}: ${refusal.advice}`);
    } else if (!(TAKEN as readonly string[]).includes(key)) {
      problems.push(
        `${key}: not supported by this shell (remove it, or see docs/configuration.md)`,
      );
      continue;
    }
    switch (key) {
      case "i18n": {
        const i18n = i18nOf(raw, problems);
        if (i18n) site.i18n = i18n;
        break;
      }
      case "images": {
        const { images, problems: imageProblems } = imagesOf(raw);
        problems.push(...imageProblems);
        if (images) site.images = images;
        break;
      }
      case "redirects":
      case "headers":
      case "rewrites": {
        if (typeof raw !== "function") {
          problems.push(`${key}: must be a function that returns the list, as Next.js calls it`);
          break;
        }
        site[key] = await (raw as () => unknown)();
        break;
      }
      case "env":
      case "trailingSlash":
      case "basePath":
      case "assetPrefix":
        site[key] = raw;
        break;
    }
  }
  return { site: site as SiteConfigInput<string>, ignored, problems };
}

/**
 * The site config a next.config makes: what `site.config.ts` exports for a
 * site that has one. Throws, naming every key that stops it (the build and the
 * server's start fail with it); prints the keys it ignores.
 */
export async function siteConfigFromNext(
  config: unknown,
  report: (line: string) => void = (line) => console.warn(line),
): Promise<SiteConfig> {
  const { site, ignored, problems } = await readNextConfig(config);
  const all = [...problems, ...(problems.length === 0 ? siteConfigProblems(site) : [])];
  if (all.length > 0)
    throw new Error(`next.config cannot be served as it is:\n- ${all.join("\n- ")}`);
  for (const line of ignored) report(`next.config: ${line}`);
  return defineSiteConfig(site);
}
