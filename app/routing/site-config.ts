/**
 * The site's settings that shape its URLs, with the names Next.js gives them in
 * next.config.js. The project's `site.config.ts` calls `defineSiteConfig`; the
 * build (app/routes.ts), the server and the browser all read that one module,
 * so a bad value fails the build and the server's start alike, naming the key.
 * Deploy-time settings (ports, origins, secrets, caches) are environment
 * variables (server/platform/config.ts).
 */
import { basePathProblems } from "./base-path.ts";
import { isObject } from "./is-object.ts";
import { headerRuleProblems, type HeaderRule } from "./header-rule-config.ts";
import { redirectProblems, type RedirectRule } from "./redirects/config.ts";
import { remotePatternsOf, type RemotePattern } from "./remote-patterns.ts";
import {
  PHASES,
  rewritePhasesOf,
  rewriteProblems,
  type RewritePhases,
  type RewritesInput,
} from "./rewrite-config.ts";

export type { RedirectRule } from "./redirects/config.ts";
export type { HeaderRule } from "./header-rule-config.ts";
export type { RewritePhases, RewriteRule, RewritesInput } from "./rewrite-config.ts";
export type { RemotePattern } from "./remote-patterns.ts";

export interface SiteConfigInput<L extends string> {
  /** Locales as path prefixes (`/fr/about`); the default one has none. */
  readonly i18n?: {
    /** The locales served, as written in URLs (`fr`, `pt-BR`). */
    readonly locales: readonly L[];
    /** Served unprefixed: `/about`. */
    readonly defaultLocale: NoInfer<L>;
    /** Whether `/` sends a visitor to the prefix of their language (307). Default: true. */
    readonly localeDetection?: boolean;
    /**
     * Locales by host, as Next.js writes them: on `domain` (a host name, any
     * port), `defaultLocale` is served unprefixed; `locales` are the others it
     * serves prefixed, `http: true` when it is reached over plain HTTP. A host
     * that is none of them has the site's default locale. Default: none.
     */
    readonly domains?: readonly DomainLocaleInput<NoInfer<L>>[];
  };
  /** `true`: `/about/` is canonical, `/about` redirects to it (308). Default: false. */
  readonly trailingSlash?: boolean;
  /**
   * Old URLs sent on, in order: the first rule that matches answers. What
   * next.config.js's `redirects()` returns; the server's alone (never sent to
   * the browser). Default: none.
   */
  readonly redirects?: readonly RedirectRule[];
  /**
   * Response headers by path, as next.config.js's `headers()` returns them:
   * every rule that matches adds its headers. The server's alone. Default: none.
   */
  readonly headers?: readonly HeaderRule[];
  /**
   * Paths served by other paths of the site, the URL kept, as next.config.js's
   * `rewrites()` returns them: a list (asked after the pages without
   * parameters), or `{ beforeFiles, afterFiles, fallback }`. The server's alone.
   * Default: none.
   */
  readonly rewrites?: RewritesInput;
  /**
   * Where the hashed client files are fetched from: a CDN's URL, such as
   * `https://cdn.example.com` (it pulls `/assets/*` from this site). Built in.
   * Default: this site.
   */
  readonly assetPrefix?: string;
  /**
   * The sub-path the site lives under, such as `/shop`: every page, its data,
   * files and endpoints are served below it (`/shop/fr/about`). Built in.
   * Default: none.
   */
  readonly basePath?: string;
  /** Remote images the optimizer may fetch (next.config's `images`). The server's alone. */
  readonly images?: {
    /** As Next.js writes them (`images.domains` too, as patterns). Default: none. */
    readonly remotePatterns?: readonly RemotePattern[];
    /** Whether they may be on a private or loopback address. Default: false. */
    readonly dangerouslyAllowLocalIP?: boolean;
  };
  /**
   * next.config's `env`: each `process.env.KEY` in the site's code is the
   * value written here, in the browser's code and the server's, as Next.js
   * writes it at build (public, then: never a secret). Built in. Default: none.
   */
  readonly env?: Readonly<Record<string, string>>;
}

/** One entry of `i18n.domains`, as next.config writes it. */
export interface DomainLocaleInput<L extends string> {
  readonly domain: string;
  readonly defaultLocale: L;
  readonly locales?: readonly L[];
  readonly http?: boolean;
}

/** A domain of the site's locales, as the config writes it (Next.js hands pages the list as it is). */
export type DomainLocale<L extends string = string> = DomainLocaleInput<L>;

export interface SiteConfig<L extends string = string> {
  readonly i18n: {
    readonly locales: readonly L[];
    readonly defaultLocale: L;
    readonly localeDetection: boolean;
    /** `i18n.domains`; empty for none. */
    readonly domains: readonly DomainLocale<L>[];
    /**
     * Whether the locales are path prefixes: a site with `i18n`. Without it, as
     * in Next.js, no path segment is a locale (a page under `en/` is a page) and
     * pages are told of none; its one locale is only the language of its text.
     */
    readonly prefixes: boolean;
  };
  readonly trailingSlash: boolean;
  readonly redirects: readonly RedirectRule[];
  readonly headers: readonly HeaderRule[];
  readonly rewrites: RewritePhases;
  /**
   * Whether the site has rewrites: the browser's copy keeps this of them (a
   * page's click then asks the server which page it is, app/next/page/client.tsx).
   */
  readonly hasRewrites: boolean;
  /** The CDN's URL without a trailing slash, or "" for this site. */
  readonly assetPrefix: string;
  /** The sub-path the site is served under (`/shop`), or "" for none. */
  readonly basePath: string;
  readonly images: {
    readonly remotePatterns: readonly RemotePattern[];
    readonly dangerouslyAllowLocalIP: boolean;
  };
  /** `process.env.KEY` values written into the code at build (already there: the browser needs no copy). */
  readonly env: Readonly<Record<string, string>>;
}

/** Keys the config works out, which no site.config.ts sets (the configuration guide lists the others). */
export const DERIVED_KEYS = ["i18n.prefixes", "hasRewrites"] as const;

/** The keys the browser never gets: the build leaves them out of its copy. */
export const SERVER_ONLY_KEYS = [
  "redirects",
  "headers",
  "rewrites",
  "images",
  "env",
] as const satisfies readonly (keyof SiteConfig)[];

export type BrowserSiteConfig = Omit<SiteConfig, (typeof SERVER_ONLY_KEYS)[number]>;

/** The config as the browser gets it: without the server's keys. */
export function browserSiteConfig(site: SiteConfig): BrowserSiteConfig {
  const copy: Record<string, unknown> = { ...site };
  for (const key of SERVER_ONLY_KEYS) delete copy[key];
  return copy as BrowserSiteConfig;
}

/** A site with no `i18n`: one locale, never a prefix (`prefixes: false`), its text's language. */
const SINGLE_LOCALE = { locales: ["en"], defaultLocale: "en", localeDetection: false } as const;

// A locale as a path segment, as Next.js takes one: a BCP 47 tag in the case the
// site writes it (`fr`, `pt-BR`, `zh-Hant`), which its URLs then use, or a name
// such as `default` (the default locale a middleware sends on to a real one).
const LOCALE_TAG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/i;

function unknownKeys(value: Record<string, unknown>, known: string[], at: string): string[] {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => `${at}${key}: not a setting (known: ${known.join(", ")})`);
}

/** A checked assetPrefix as the build writes it: without its trailing slashes. */
export const assetPrefixOf = (value: string): string => value.replace(/\/+$/, "");

/** An assetPrefix is a CDN's http(s) URL, with a path or not, and nothing a URL of a file could not follow. */
export function assetPrefixProblems(value: unknown): string[] {
  const at = `assetPrefix: ${JSON.stringify(value)}`;
  if (typeof value !== "string") return [`${at} must be a string`];
  if (value === "") return [];
  // It is written into the Content-Security-Policy as a source, where these would end it.
  if (/[\s;,'"]/.test(value)) return [`${at} must not hold spaces, quotes, ";" or ","`];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [
      `${at} must be a URL such as "https://cdn.example.com"` +
        (value.startsWith("/") ? " (a path on this site is basePath's job)" : ""),
    ];
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return [`${at} must be an http or https URL`];
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    value.includes("?") ||
    value.includes("#")
  )
    return [`${at} must have no user, query or fragment`];
  return [];
}

/** Every problem with a site config, each naming its key; none for a valid one. */
export function siteConfigProblems(input: unknown): string[] {
  if (!isObject(input)) return ["the config must be an object"];
  const problems = unknownKeys(
    input,
    [
      "i18n",
      "trailingSlash",
      "redirects",
      "headers",
      "rewrites",
      "assetPrefix",
      "basePath",
      "images",
      "env",
    ],
    "",
  );
  if (input.env !== undefined) problems.push(...envProblems(input.env));
  if (input.basePath !== undefined) problems.push(...basePathProblems(input.basePath));
  if (input.assetPrefix !== undefined) problems.push(...assetPrefixProblems(input.assetPrefix));
  if (input.redirects !== undefined) problems.push(...redirectProblems(input.redirects));
  if (input.headers !== undefined) problems.push(...headerRuleProblems(input.headers));
  if (input.rewrites !== undefined) problems.push(...rewriteProblems(input.rewrites));
  if (input.images !== undefined) problems.push(...imagesProblems(input.images));
  if (input.trailingSlash !== undefined && typeof input.trailingSlash !== "boolean")
    problems.push(`trailingSlash: ${JSON.stringify(input.trailingSlash)} must be true or false`);
  const i18n = input.i18n;
  if (i18n === undefined) return problems;
  if (!isObject(i18n)) return [...problems, "i18n: must be an object"];
  problems.push(
    ...unknownKeys(i18n, ["locales", "defaultLocale", "localeDetection", "domains"], "i18n."),
  );
  const { locales, defaultLocale, localeDetection, domains } = i18n;
  if (!Array.isArray(locales) || locales.length === 0) {
    problems.push("i18n.locales: must be a list of one locale or more");
  } else {
    locales.forEach((locale: unknown, i) => {
      if (typeof locale !== "string" || !LOCALE_TAG.test(locale)) {
        problems.push(
          `i18n.locales[${i}]: ${JSON.stringify(locale)} is not a locale as URLs write it (such as "fr" or "pt-BR")`,
        );
      } else {
        const first = locales.findIndex(
          (other: unknown) =>
            typeof other === "string" && other.toLowerCase() === locale.toLowerCase(),
        );
        // One prefix in any case names one locale: `pt-BR` and `pt-br` cannot both be listed.
        if (first !== i)
          problems.push(`i18n.locales[${i}]: "${locale}" is listed twice (as "${locales[first]}")`);
      }
    });
    if (!locales.includes(defaultLocale))
      problems.push(
        `i18n.defaultLocale: ${JSON.stringify(defaultLocale)} must be one of i18n.locales`,
      );
  }
  if (localeDetection !== undefined && typeof localeDetection !== "boolean")
    problems.push(`i18n.localeDetection: ${JSON.stringify(localeDetection)} must be true or false`);
  if (domains !== undefined)
    problems.push(...domainProblems(domains, Array.isArray(locales) ? locales : []));
  return problems;
}

// A host name, as Next.js takes one: no scheme, port, path or user.
const DOMAIN_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** The host name a domain entry or a Host header names: lower case, without a port. */
export const domainHostOf = (domain: string): string => domain.split(":", 1)[0]!.toLowerCase();

function domainProblems(domains: unknown, locales: readonly unknown[]): string[] {
  if (!Array.isArray(domains)) return ["i18n.domains: must be a list"];
  const problems: string[] = [];
  const hosts = new Map<string, number>();
  // Each locale's domain, by its place in the list: as a default or listed, a locale has one.
  const owners = new Map<unknown, number>();
  domains.forEach((entry: unknown, i) => {
    const at = `i18n.domains[${i}]`;
    if (!isObject(entry)) {
      problems.push(`${at}: must be an object with domain and defaultLocale`);
      return;
    }
    problems.push(...unknownKeys(entry, ["domain", "defaultLocale", "locales", "http"], `${at}.`));
    const { domain, defaultLocale, locales: own, http } = entry;
    if (typeof domain !== "string" || !DOMAIN_NAME.test(domain)) {
      problems.push(
        `${at}.domain: ${JSON.stringify(domain)} must be a host name without protocol or port, such as "example.fr"`,
      );
    } else {
      const host = domainHostOf(domain);
      const first = hosts.get(host);
      if (first === undefined) hosts.set(host, i);
      else problems.push(`${at}.domain: "${domain}" is listed twice (at i18n.domains[${first}])`);
    }
    if (!locales.includes(defaultLocale)) {
      problems.push(
        `${at}.defaultLocale: ${JSON.stringify(defaultLocale)} must be one of i18n.locales`,
      );
    } else {
      const first = owners.get(defaultLocale);
      if (first === undefined) owners.set(defaultLocale, i);
      else
        problems.push(
          `${at}.defaultLocale: "${String(defaultLocale)}" is already i18n.domains[${first}]'s; a locale has one domain`,
        );
    }
    if (own !== undefined && !Array.isArray(own)) problems.push(`${at}.locales: must be a list`);
    for (const [j, locale] of (Array.isArray(own) ? own : []).entries()) {
      const first = owners.get(locale);
      if (!locales.includes(locale))
        problems.push(`${at}.locales[${j}]: ${JSON.stringify(locale)} must be one of i18n.locales`);
      else if (first !== undefined && first !== i)
        problems.push(
          `${at}.locales[${j}]: "${String(locale)}" is already i18n.domains[${first}]'s; a locale has one domain`,
        );
      else owners.set(locale, i);
    }
    if (http !== undefined && typeof http !== "boolean")
      problems.push(`${at}.http: ${JSON.stringify(http)} must be true or false`);
  });
  return problems;
}

function imagesProblems(images: unknown): string[] {
  if (!isObject(images)) return ["images: must be an object"];
  const problems = unknownKeys(images, ["remotePatterns", "dangerouslyAllowLocalIP"], "images.");
  problems.push(...remotePatternsOf(images.remotePatterns, undefined).problems);
  const local = images.dangerouslyAllowLocalIP;
  if (local !== undefined && typeof local !== "boolean")
    problems.push(`images.dangerouslyAllowLocalIP: ${JSON.stringify(local)} must be true or false`);
  return problems;
}

// Next.js refuses these names in `env`: NODE_* is Node's and __* its own.
const RESERVED_ENV_NAME = /^(NODE_.+|__.+)$/i;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function envProblems(env: unknown): string[] {
  if (!isObject(env)) return ["env: must be an object of names and string values"];
  return Object.entries(env).flatMap(([name, value]) => {
    if (!ENV_NAME.test(name)) return [`env.${name}: not a variable name (letters, digits and _)`];
    if (RESERVED_ENV_NAME.test(name))
      return [`env.${name}: NODE_* and __* names are not allowed, as in Next.js`];
    if (typeof value !== "string")
      return [`env.${name}: ${JSON.stringify(value)} must be a string`];
    return [];
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The config with its defaults, frozen; throws naming every bad key. */
export function defineSiteConfig<const L extends string>(input: SiteConfigInput<L>): SiteConfig<L> {
  const problems = siteConfigProblems(input);
  if (problems.length > 0)
    throw new Error(`site.config.ts is not valid:\n- ${problems.join("\n- ")}`);
  const rewrites = rewritePhasesOf(input.rewrites);
  const i18n = input.i18n ?? (SINGLE_LOCALE as unknown as NonNullable<typeof input.i18n>);
  return Object.freeze({
    i18n: Object.freeze({
      locales: Object.freeze([...i18n.locales]),
      defaultLocale: i18n.defaultLocale,
      localeDetection: i18n.localeDetection ?? true,
      domains: deepFreeze(structuredClone([...(i18n.domains ?? [])])),
      prefixes: input.i18n !== undefined,
    }),
    trailingSlash: input.trailingSlash ?? false,
    redirects: deepFreeze(structuredClone([...(input.redirects ?? [])])),
    headers: deepFreeze(structuredClone([...(input.headers ?? [])])),
    rewrites: deepFreeze(structuredClone(rewrites)),
    hasRewrites: PHASES.some((phase) => rewrites[phase].length > 0),
    assetPrefix: assetPrefixOf(input.assetPrefix ?? ""),
    basePath: input.basePath ?? "",
    images: deepFreeze({
      remotePatterns: structuredClone([...(input.images?.remotePatterns ?? [])]),
      dangerouslyAllowLocalIP: input.images?.dangerouslyAllowLocalIP ?? false,
    }),
    env: Object.freeze({ ...input.env }),
  });
}

/** The input that makes `config` again (defineSiteConfig's inverse): to write a site.config.ts. */
export function siteConfigInputOf<L extends string>(config: SiteConfig<L>): SiteConfigInput<L> {
  const { prefixes, ...i18n } = config.i18n;
  const { hasRewrites: _derived, ...input } = config;
  return { ...input, i18n: prefixes ? i18n : undefined };
}

/**
 * The settings a build is made with: the config's, with `BASE_PATH` and
 * `ASSET_PREFIX` from the build's environment over them, so one site can be
 * built for several deployments without editing its config. Throws naming the
 * variable when a value is not valid.
 */
export function buildSiteConfig<L extends string>(
  site: SiteConfig<L>,
  env: Readonly<Record<string, string | undefined>>,
): SiteConfig<L> {
  const problems: string[] = [];
  const basePath = env.BASE_PATH;
  const assetPrefix = env.ASSET_PREFIX;
  if (basePath) problems.push(...basePathProblems(basePath, "BASE_PATH"));
  if (assetPrefix)
    problems.push(
      ...assetPrefixProblems(assetPrefix).map((p) => p.replace(/^assetPrefix/, "ASSET_PREFIX")),
    );
  if (problems.length > 0) throw new Error(problems.join("; "));
  return Object.freeze({
    ...site,
    basePath: basePath ? basePath : site.basePath,
    assetPrefix: assetPrefix ? assetPrefixOf(assetPrefix) : site.assetPrefix,
  });
}
