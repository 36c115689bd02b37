/**
 * `next/server` for a site's middleware (`middleware.ts`, or Next.js 16's
 * `proxy.ts`): `NextRequest` (its `nextUrl` with the locale and base path taken
 * off, its `cookies`), and `NextResponse` with `next`, `rewrite`, `redirect`
 * and `json`. A response says what the server is to do in the headers Next.js
 * uses for it (`x-middleware-next`, `x-middleware-rewrite`, and a request's
 * replaced headers in `x-middleware-override-headers` with
 * `x-middleware-request-<name>`), so a middleware that reads them, as some do in
 * their tests, reads what it would under Next.js. The server's step
 * (server/steps/middleware/) carries them out and sends none of them on.
 */
import { stripBasePath } from "../routing/base-path.ts";
import {
  DEFAULT_LOCALE,
  domainOfHost,
  LOCALE_DOMAINS,
  LOCALE_PREFIXES,
  LOCALES,
} from "../routing/locale.ts";
import type { DomainLocale } from "../routing/site-config.ts";

/** What a URL of the site is read with: its base path and locales (by domain too). */
export interface NextUrlConfig {
  readonly basePath?: string;
  readonly i18n?: {
    readonly locales: readonly string[];
    readonly defaultLocale: string;
    readonly domains?: readonly DomainLocale[];
  } | null;
  readonly trailingSlash?: boolean;
}

/** This build's own: what the server's step gives each request. */
export function siteUrlConfig(basePath: string, trailingSlash: boolean): NextUrlConfig {
  return {
    basePath,
    trailingSlash,
    i18n: LOCALE_PREFIXES
      ? {
          locales: LOCALES,
          defaultLocale: DEFAULT_LOCALE,
          ...(LOCALE_DOMAINS.length > 0 && { domains: LOCALE_DOMAINS }),
        }
      : null,
  };
}

/**
 * A URL of the site as Next.js's middleware reads it: `pathname` without the
 * base path and the locale prefix, `locale` on its own (the default locale's
 * when the path names none), `href` and `toString()` with both put back.
 */
export class NextURL {
  #url: URL;
  #config: NextUrlConfig;
  #basePath: string;
  #locale: string;
  #domainLocale: DomainLocale | undefined;

  constructor(input: string | URL, base?: string | URL | NextUrlConfig, config?: NextUrlConfig) {
    const options = typeof base === "object" && !(base instanceof URL) ? base : config;
    const url = new URL(
      String(input),
      typeof base === "string" || base instanceof URL ? base : undefined,
    );
    this.#config = options ?? {};
    this.#url = url;
    this.#basePath = "";
    this.#locale = "";
    this.#domainLocale = undefined;
    this.#analyze();
  }

  #analyze(): void {
    const basePath = this.#config.basePath ?? "";
    const below = basePath ? stripBasePath(this.#url.pathname, basePath) : null;
    this.#basePath = below === null ? "" : basePath;
    let pathname = below ?? this.#url.pathname;
    const i18n = this.#config.i18n;
    // On one of the site's locale domains, its default locale is the unprefixed one.
    this.#domainLocale = domainOfHost(this.#url.hostname, i18n?.domains ?? []) ?? undefined;
    this.#locale = this.defaultLocale ?? "";
    if (i18n) {
      const end = pathname.indexOf("/", 1);
      const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
      const named = i18n.locales.find((locale) => locale.toLowerCase() === first.toLowerCase());
      if (named !== undefined) {
        this.#locale = named;
        pathname = end === -1 ? "/" : pathname.slice(end);
      }
    }
    this.#url.pathname = pathname;
  }

  /** The path below the base path and the locale: `/about` for `/shop/fr/about`. */
  get pathname(): string {
    return this.#url.pathname;
  }
  set pathname(value: string) {
    this.#url.pathname = value;
  }
  get locale(): string {
    return this.#locale;
  }
  set locale(value: string) {
    const i18n = this.#config.i18n;
    if (!i18n || !i18n.locales.includes(value)) {
      throw new TypeError(`The NextURL configuration includes no locale "${value}"`);
    }
    this.#locale = value;
  }
  get defaultLocale(): string | undefined {
    return this.#domainLocale?.defaultLocale ?? this.#config.i18n?.defaultLocale;
  }
  /** The locale domain (`i18n.domains`) the URL's host is, as Next.js gives it. */
  get domainLocale(): DomainLocale | undefined {
    return this.#domainLocale;
  }
  get locales(): string[] | undefined {
    return this.#config.i18n ? [...this.#config.i18n.locales] : undefined;
  }
  get basePath(): string {
    return this.#basePath;
  }
  set basePath(value: string) {
    this.#basePath = value.startsWith("/") ? value : `/${value}`;
  }
  get search(): string {
    return this.#url.search;
  }
  set search(value: string) {
    this.#url.search = value;
  }
  get searchParams(): URLSearchParams {
    return this.#url.searchParams;
  }
  get hash(): string {
    return this.#url.hash;
  }
  set hash(value: string) {
    this.#url.hash = value;
  }
  get host(): string {
    return this.#url.host;
  }
  set host(value: string) {
    this.#url.host = value;
  }
  get hostname(): string {
    return this.#url.hostname;
  }
  set hostname(value: string) {
    this.#url.hostname = value;
  }
  get port(): string {
    return this.#url.port;
  }
  set port(value: string) {
    this.#url.port = value;
  }
  get protocol(): string {
    return this.#url.protocol;
  }
  set protocol(value: string) {
    this.#url.protocol = value;
  }
  get origin(): string {
    return this.#url.origin;
  }
  get username(): string {
    return this.#url.username;
  }
  get password(): string {
    return this.#url.password;
  }

  /**
   * The path as the browser asks for it: base path, the locale's prefix (none for
   * the default, none before `/api`, which no locale prefixes, and none twice), path.
   */
  #fullPathname(): string {
    const i18n = this.#config.i18n;
    let pathname = this.#url.pathname;
    const has = (prefix: string) => {
      const lower = pathname.toLowerCase();
      return lower === prefix || lower.startsWith(`${prefix}/`);
    };
    if (
      i18n &&
      this.#locale &&
      this.#locale !== this.defaultLocale &&
      !has("/api") &&
      !has(`/${this.#locale.toLowerCase()}`)
    ) {
      pathname = pathname === "/" ? `/${this.#locale}` : `/${this.#locale}${pathname}`;
    }
    if (this.#basePath) pathname = pathname === "/" ? this.#basePath : this.#basePath + pathname;
    if (this.#config.trailingSlash && !pathname.endsWith("/")) pathname += "/";
    return pathname;
  }

  get href(): string {
    const { origin, search, hash } = this.#url;
    return origin + this.#fullPathname() + search + hash;
  }
  set href(value: string) {
    this.#url = new URL(value);
    this.#analyze();
  }

  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }

  clone(): NextURL {
    return new NextURL(this.href, this.#config);
  }
}

/** A cookie as `cookies.get` gives it. */
export interface RequestCookie {
  readonly name: string;
  readonly value: string;
}

export interface ResponseCookie extends RequestCookie {
  readonly domain?: string;
  readonly path?: string;
  readonly expires?: number | Date;
  readonly maxAge?: number;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly sameSite?: "strict" | "lax" | "none" | boolean;
  readonly partitioned?: boolean;
  readonly priority?: "low" | "medium" | "high";
}

function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name === "" || cookies.has(name)) continue;
    const raw = eq === -1 ? "true" : part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

function cookieArgs(args: [string | RequestCookie] | [string, string]): RequestCookie {
  const [first, value] = args;
  return typeof first === "string" ? { name: first, value: value ?? "" } : first;
}

/** A request's cookies; what `set` and `delete` change is written back to its `Cookie` header. */
export class RequestCookies {
  #headers: Headers;
  #cookies: Map<string, string>;

  constructor(headers: Headers) {
    this.#headers = headers;
    this.#cookies = parseCookieHeader(headers.get("cookie"));
  }
  get size(): number {
    return this.#cookies.size;
  }
  get(name: string | RequestCookie): RequestCookie | undefined {
    const key = typeof name === "string" ? name : name.name;
    const value = this.#cookies.get(key);
    return value === undefined ? undefined : { name: key, value };
  }
  getAll(name?: string | RequestCookie): RequestCookie[] {
    const all = [...this.#cookies].map(([key, value]) => ({ name: key, value }));
    if (name === undefined) return all;
    const key = typeof name === "string" ? name : name.name;
    return all.filter((cookie) => cookie.name === key);
  }
  has(name: string): boolean {
    return this.#cookies.has(name);
  }
  set(...args: [string | RequestCookie] | [string, string]): this {
    const { name, value } = cookieArgs(args);
    this.#cookies.set(name, value);
    this.#write();
    return this;
  }
  delete(names: string | string[]): boolean | boolean[] {
    const results = (Array.isArray(names) ? names : [names]).map((name) =>
      this.#cookies.delete(name),
    );
    this.#write();
    return Array.isArray(names) ? results : results[0]!;
  }
  clear(): this {
    this.#cookies.clear();
    this.#write();
    return this;
  }
  #write(): void {
    const header = [...this.#cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join("; ");
    if (header === "") this.#headers.delete("cookie");
    else this.#headers.set("cookie", header);
  }
  [Symbol.iterator]() {
    return this.getAll()
      .map((cookie) => [cookie.name, cookie] as const)
      [Symbol.iterator]();
  }
  toString(): string {
    return this.#headers.get("cookie") ?? "";
  }
}

const SAME_SITE = { strict: "Strict", lax: "Lax", none: "None" } as const;

/** One `Set-Cookie` header's value. */
export function serializeCookie(cookie: ResponseCookie): string {
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`];
  if (cookie.path !== undefined) parts.push(`Path=${cookie.path}`);
  if (cookie.expires !== undefined) {
    const expires = typeof cookie.expires === "number" ? new Date(cookie.expires) : cookie.expires;
    parts.push(`Expires=${expires.toUTCString()}`);
  }
  if (cookie.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(cookie.maxAge)}`);
  if (cookie.domain !== undefined) parts.push(`Domain=${cookie.domain}`);
  if (cookie.secure) parts.push("Secure");
  if (cookie.httpOnly) parts.push("HttpOnly");
  if (cookie.sameSite !== undefined && cookie.sameSite !== false) {
    parts.push(`SameSite=${cookie.sameSite === true ? "Strict" : SAME_SITE[cookie.sameSite]}`);
  }
  if (cookie.partitioned) parts.push("Partitioned");
  if (cookie.priority !== undefined) {
    parts.push(`Priority=${cookie.priority[0]!.toUpperCase()}${cookie.priority.slice(1)}`);
  }
  return parts.join("; ");
}

/** The cookies a response sets, each written to its `Set-Cookie` headers as it is set. */
export class ResponseCookies {
  #headers: Headers;
  #cookies = new Map<string, ResponseCookie>();

  constructor(headers: Headers) {
    this.#headers = headers;
  }
  get(name: string | RequestCookie): ResponseCookie | undefined {
    return this.#cookies.get(typeof name === "string" ? name : name.name);
  }
  getAll(name?: string | RequestCookie): ResponseCookie[] {
    const all = [...this.#cookies.values()];
    if (name === undefined) return all;
    const key = typeof name === "string" ? name : name.name;
    return all.filter((cookie) => cookie.name === key);
  }
  has(name: string): boolean {
    return this.#cookies.has(name);
  }
  set(
    ...args:
      | [name: string, value: string, options?: Omit<ResponseCookie, "name" | "value">]
      | [ResponseCookie]
  ): this {
    const [first, value, options] = args;
    const cookie: ResponseCookie =
      typeof first === "string" ? { ...options, name: first, value: value ?? "" } : first;
    this.#cookies.set(cookie.name, { path: "/", ...cookie });
    this.#write();
    return this;
  }
  delete(name: string | Omit<ResponseCookie, "value" | "expires" | "maxAge">): this {
    const cookie = typeof name === "string" ? { name } : name;
    return this.set({ path: "/", ...cookie, value: "", expires: new Date(0) });
  }
  #write(): void {
    this.#headers.delete("set-cookie");
    for (const cookie of this.#cookies.values()) {
      this.#headers.append("set-cookie", serializeCookie(cookie));
    }
  }
  toString(): string {
    return this.getAll().map(serializeCookie).join("; ");
  }
}

export interface NextRequestInit extends RequestInit {
  nextConfig?: NextUrlConfig;
}

/** The request a middleware is given: a Web `Request` with `nextUrl` and `cookies`. */
export class NextRequest extends Request {
  readonly nextUrl: NextURL;
  readonly cookies: RequestCookies;

  constructor(input: string | URL | Request, init: NextRequestInit = {}) {
    const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    const { nextConfig, ...requestInit } = init;
    super(input, requestInit);
    this.nextUrl = new NextURL(url, nextConfig ?? {});
    this.cookies = new RequestCookies(this.headers);
  }
}

export interface MiddlewareResponseInit extends ResponseInit {
  /** `NextResponse.next({ request: { headers } })`: the headers the page or API route is given instead. */
  request?: { headers?: Headers };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function absolute(url: string | URL | NextURL, what: string): string {
  const href = String(url);
  try {
    return new URL(href).href;
  } catch {
    throw new TypeError(
      `NextResponse.${what} needs an absolute URL: "${href}" is not one. ` +
        "Make it from the request's: new URL(path, request.url)",
    );
  }
}

/**
 * Next.js's own header protocol between a middleware's answer and the server
 * (server/steps/middleware/ reads it, and sends none of it on).
 */
export const MIDDLEWARE_PROTOCOL = {
  next: "x-middleware-next",
  rewrite: "x-middleware-rewrite",
  overrideHeaders: "x-middleware-override-headers",
  /** Before a request header's name: its value for the page. */
  requestHeader: "x-middleware-request-",
  /** Next.js's too, never written here: taken off like the others. */
  others: ["x-middleware-redirect", "x-middleware-refresh", "x-middleware-set-cookie"],
} as const;

/** The request's headers the page is to be given instead of its own, as Next.js passes them. */
function withRequestHeaders(headers: Headers, request: Headers | undefined): Headers {
  if (!request) return headers;
  headers.set(MIDDLEWARE_PROTOCOL.overrideHeaders, [...request.keys()].join(","));
  for (const [name, value] of request) headers.set(MIDDLEWARE_PROTOCOL.requestHeader + name, value);
  return headers;
}

/** What a middleware answers: a Web `Response`, with `cookies`, and what to do next. */
export class NextResponse<Body = unknown> extends Response {
  readonly cookies: ResponseCookies;
  /** The JSON body's type, for `NextResponse.json`'s callers; never set. */
  declare readonly __body?: Body;

  constructor(body?: ConstructorParameters<typeof Response>[0], init: ResponseInit = {}) {
    super(body, init);
    this.cookies = new ResponseCookies(this.headers);
  }

  static override json<JsonBody>(body: JsonBody, init?: ResponseInit): NextResponse<JsonBody> {
    const response = Response.json(body, init);
    return new NextResponse(response.body, response);
  }

  /** A redirect (307 unless given) to an absolute URL. */
  static override redirect(
    url: string | URL | NextURL,
    init?: number | ResponseInit,
  ): NextResponse {
    const status = typeof init === "number" ? init : (init?.status ?? 307);
    if (!REDIRECTS.has(status)) {
      throw new RangeError(
        `Failed to execute "redirect" on "response": Invalid status code ${status}`,
      );
    }
    const headers = new Headers(typeof init === "object" ? init.headers : undefined);
    headers.set("Location", absolute(url, "redirect"));
    return new NextResponse(null, { ...(typeof init === "object" && init), status, headers });
  }

  /** Serve another URL of the site in this one's place; the browser keeps the URL it asked for. */
  static rewrite(destination: string | URL | NextURL, init?: MiddlewareResponseInit): NextResponse {
    const headers = withRequestHeaders(new Headers(init?.headers), init?.request?.headers);
    headers.set(MIDDLEWARE_PROTOCOL.rewrite, absolute(destination, "rewrite"));
    return new NextResponse(null, { ...init, headers });
  }

  /** Go on to the page or API route, with these response headers (and request headers, if given). */
  static next(init?: MiddlewareResponseInit): NextResponse {
    const headers = withRequestHeaders(new Headers(init?.headers), init?.request?.headers);
    headers.set(MIDDLEWARE_PROTOCOL.next, "1");
    return new NextResponse(null, { ...init, headers });
  }
}

/** The second argument of a middleware: `waitUntil` keeps work going after the answer. */
export class NextFetchEvent {
  readonly sourcePage: string;
  readonly #pending: Promise<unknown>[] = [];

  constructor(sourcePage: string) {
    this.sourcePage = sourcePage;
  }
  waitUntil(promise: Promise<unknown>): void {
    this.#pending.push(promise);
  }
  /** What was given to waitUntil, settled. */
  settled(): Promise<PromiseSettledResult<unknown>[]> {
    return Promise.allSettled(this.#pending);
  }
}

export type NextMiddlewareResult = NextResponse | Response | null | undefined | void;
export type NextMiddleware = (
  request: NextRequest,
  event: NextFetchEvent,
) => NextMiddlewareResult | Promise<NextMiddlewareResult>;
export type NextProxy = NextMiddleware;

/** A `has` or `missing` condition of a matcher, a rewrite, a redirect or a header rule. */
export type RouteHas =
  | { type: "header" | "cookie" | "query"; key: string; value?: string }
  | { type: "host"; key?: undefined; value: string };

export interface MiddlewareMatcher {
  source: string;
  locale?: false;
  has?: RouteHas[];
  missing?: RouteHas[];
}

export interface MiddlewareConfig {
  matcher?: string | readonly (string | MiddlewareMatcher)[];
  runtime?: string;
  regions?: string | string[];
}
export type ProxyConfig = MiddlewareConfig;

/** The visitor's browser, as its User-Agent names it; not read here (a parser is a dependency of its own). */
export function userAgent(): never {
  throw new Error(
    "userAgent() from next/server is not supported by this shell: read request.headers.get('user-agent')",
  );
}
