/**
 * `smoke parity OLD_URL NEW_URL [--urls FILE] [--allow FILE]`: an old site
 * against its replacement, URL by URL, so a move breaks no link unnoticed.
 * Each URL (the old site's sitemap, or --urls) and its variants (the other
 * slash style, a doubled slash, the first segment upper-cased, and all three
 * at once, with a query) are fetched from both, redirects followed by hand, and compared:
 * the status, where the redirects end (as a path and query) and in how many
 * hops, the canonical link and the hreflang set (as paths), and the title.
 *
 * An allow-list (JSON: `[{ "url": "^/FR/", "field": "hops", "reason": "..." }]`,
 * `url` a regular expression on the variant's path) records intended
 * differences, each with its reason. The run prints a table, writes JUnit XML
 * (one test per variant, named by it) and exits 1 on any other difference, or
 * on an allow-list entry that matched nothing (so the list stays exact).
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export interface Observation {
  readonly status: number;
  /** Redirects followed to get there. */
  readonly hops: number;
  /** Where the redirects ended: a path and query on the same origin, else the whole URL. */
  readonly final: string;
  /** The canonical link, as a path; "" for none. */
  readonly canonical: string;
  /** The hreflang links as `lang=path`, sorted, joined by spaces; "" for none. */
  readonly hreflang: string;
  readonly title: string;
}

export const FIELDS = ["status", "hops", "final", "canonical", "hreflang", "title"] as const;
export type Field = (typeof FIELDS)[number];

export interface Difference {
  readonly url: string;
  readonly field: Field;
  readonly old: string;
  readonly new: string;
}

export interface AllowRule {
  readonly url: RegExp;
  readonly field: Field;
  readonly reason: string;
}

const MAX_HOPS = 10;

// A query with what proxies and frameworks like to rewrite: a repeated key, an
// encoded space, an empty value.
export const VARIANT_QUERY = "?parity=1&b=%20x&b=y&empty=";

/** The URL and its variants, each as a path and query. */
export function variantsOf(path: string): string[] {
  if (path === "/") return ["/", `//${VARIANT_QUERY}`];
  const otherSlash = path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
  const doubled = path.replace(/\/([^/]+\/?)$/, "//$1");
  const upper = path.replace(/^\/([^/]+)/, (_, first: string) => `/${first.toUpperCase()}`);
  // Everything at once, as a hand-typed link might: `/FR//about/?…`.
  const sloppy = (upper.endsWith("/") ? upper.slice(0, -1) : `${upper}/`).replace(
    /\/([^/]+\/?)$/,
    "//$1",
  );
  return [
    ...new Set([
      path,
      otherSlash + VARIANT_QUERY,
      doubled + VARIANT_QUERY,
      ...(upper === path ? [] : [upper]),
      sloppy + VARIANT_QUERY,
    ]),
  ];
}

function get(
  url: URL,
  insecure: boolean,
): Promise<{ status: number; location?: string; body: string; html: boolean }> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = request(
      url,
      { rejectUnauthorized: !insecure, timeout: 10_000, headers: { "Accept-Language": "" } },
      (res) => {
        let body = "";
        const html = /text\/html/.test(String(res.headers["content-type"]));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (html && body.length < 1_000_000) body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, body, html }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${url.href}: no answer in 10 s`)));
    req.on("error", reject);
    req.end();
  });
}

const decodeEntities = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#x27|#39|apos);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const pathOf = (href: string, base: URL) => {
  const url = new URL(decodeEntities(href), base);
  return url.pathname;
};

/** What one site answers for `pathAndQuery`, redirects followed by hand. */
export async function observe(
  origin: string,
  pathAndQuery: string,
  insecure = false,
): Promise<Observation> {
  const start = new URL(origin);
  let url = new URL(origin + pathAndQuery);
  for (let hops = 0; ; hops++) {
    const answer = await get(url, insecure);
    if (answer.status >= 300 && answer.status < 400 && answer.location && hops < MAX_HOPS) {
      url = new URL(answer.location, url);
      continue;
    }
    const tags = [...answer.body.matchAll(/<link\s[^>]*>/g)].map(([tag]) => tag);
    const rel = (tag: string) => attribute(tag, "rel");
    const canonical = tags.find((tag) => rel(tag) === "canonical");
    return {
      status: answer.status,
      hops,
      final: url.origin === start.origin ? url.pathname + url.search : url.href,
      canonical: canonical ? pathOf(attribute(canonical, "href") ?? "", url) : "",
      hreflang: tags
        .filter((tag) => rel(tag) === "alternate" && attribute(tag, "hreflang"))
        .map((tag) => `${attribute(tag, "hreflang")}=${pathOf(attribute(tag, "href") ?? "", url)}`)
        .sort()
        .join(" "),
      title: decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(answer.body)?.[1]?.trim() ?? ""),
    };
  }
}

/** The fields in which the two sites disagree on `url`. */
export function differences(url: string, old: Observation, replacement: Observation): Difference[] {
  return FIELDS.filter((field) => String(old[field]) !== String(replacement[field])).map(
    (field) => ({ url, field, old: String(old[field]), new: String(replacement[field]) }),
  );
}

/** The allow-list file: a JSON array of `{ url, field, reason }`; a clear error for anything else. */
export function parseAllowList(text: string): AllowRule[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new Error(`the allow-list is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(entries)) throw new Error("the allow-list must be a JSON array");
  return entries.map((entry: unknown, i) => {
    const { url, field, reason } = (entry ?? {}) as Record<string, unknown>;
    const at = `allow-list entry ${i}`;
    if (typeof url !== "string" || url === "") throw new Error(`${at}: url must be a regex`);
    if (!FIELDS.includes(field as Field)) {
      throw new Error(`${at}: field must be one of ${FIELDS.join(", ")}`);
    }
    if (typeof reason !== "string" || reason.trim() === "") {
      throw new Error(`${at}: every intended difference needs its reason`);
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(url);
    } catch (error) {
      throw new Error(`${at}: url: ${(error as Error).message}`);
    }
    return { url: pattern, field: field as Field, reason };
  });
}

/** The rule that allows a difference, if one does. */
export function allowedBy(difference: Difference, rules: readonly AllowRule[]): AllowRule | null {
  return (
    rules.find((rule) => rule.field === difference.field && rule.url.test(difference.url)) ?? null
  );
}

export interface ParityReport {
  readonly variants: number;
  readonly allowed: (Difference & { reason: string })[];
  readonly unexpected: Difference[];
  /** Allow-list entries no difference needed: stale, to be removed. */
  readonly unused: AllowRule[];
  /** Per variant, its differences: for the JUnit report. */
  readonly byVariant: Map<string, Difference[]>;
}

/** Compares the two sites on every variant of every path. */
export async function compareSites(
  oldOrigin: string,
  newOrigin: string,
  paths: readonly string[],
  rules: readonly AllowRule[],
  insecure = false,
): Promise<ParityReport> {
  const allowed: (Difference & { reason: string })[] = [];
  const unexpected: Difference[] = [];
  const used = new Set<AllowRule>();
  const byVariant = new Map<string, Difference[]>();
  for (const variant of [...new Set(paths.flatMap(variantsOf))]) {
    const [old, replacement] = await Promise.all([
      observe(oldOrigin, variant, insecure),
      observe(newOrigin, variant, insecure),
    ]);
    const found = differences(variant, old, replacement);
    byVariant.set(variant, found);
    for (const difference of found) {
      const rule = allowedBy(difference, rules);
      if (rule) {
        used.add(rule);
        allowed.push({ ...difference, reason: rule.reason });
      } else {
        unexpected.push(difference);
      }
    }
  }
  return {
    variants: byVariant.size,
    allowed,
    unexpected,
    unused: rules.filter((rule) => !used.has(rule)),
    byVariant,
  };
}

const xml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** JUnit XML: one test case a variant, failed by its unexpected differences. */
export function parityJunit(report: ParityReport, rules: readonly AllowRule[]): string {
  const cases = [...report.byVariant].map(([variant, found]) => {
    const failures = found.filter((d) => !allowedBy(d, rules));
    const body = failures
      .map((d) => `<failure message="${xml(`${d.field}: ${d.old} -> ${d.new}`)}"/>`)
      .join("");
    return `  <testcase classname="parity" name="${xml(variant)}">${body}</testcase>`;
  });
  const failed = [...report.byVariant.values()].filter((found) =>
    found.some((d) => !allowedBy(d, rules)),
  ).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="parity" tests="${report.byVariant.size}" failures="${failed}">`,
    ...cases,
    "</testsuite>",
    "",
  ].join("\n");
}

/** The report as a table: each difference, allowed (with its reason) or not. */
export function parityTable(report: ParityReport): string {
  const rows = [
    ...report.unexpected.map((d) => ({ ...d, verdict: "DIFFERENT" })),
    ...report.allowed.map((d) => ({ ...d, verdict: `allowed: ${d.reason}` })),
  ];
  const lines = rows.map(
    (r) => `${r.url.padEnd(44)} ${r.field.padEnd(9)} ${r.old} | ${r.new}  (${r.verdict})`,
  );
  for (const rule of report.unused) {
    lines.push(`allow-list entry ${rule.url.source} ${rule.field}: matched nothing (remove it)`);
  }
  return [`${"variant".padEnd(44)} ${"field".padEnd(9)} old | new`, ...lines].join("\n");
}

const PARITY_USAGE =
  "usage: smoke parity <old site URL> <new site URL> [--urls FILE] [--allow FILE] [--insecure]";

/**
 * The command: compares, prints the table, writes `parity-junit.xml` into
 * `resultsDir`, and gives the exit code (0: no difference but the allowed
 * ones, every allow entry used; 1: otherwise; 2: bad arguments).
 */
export async function runParity(args: string[], resultsDir: string): Promise<number> {
  const { parseArgs } = await import("node:util");
  const { mkdirSync, readFileSync, writeFileSync } = await import("node:fs");
  const { readSiteUrls } = await import("../site-urls.ts");
  const usage = (problem: string) => {
    process.stderr.write(`${problem}\n${PARITY_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        urls: { type: "string" },
        allow: { type: "string" },
        insecure: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 2) return usage("two site URLs, please: the old one, then the new");
  const origins: string[] = [];
  for (const given of positionals) {
    const url = URL.canParse(given) ? new URL(given) : null;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      return usage(`not an http(s) URL: ${given}`);
    }
    origins.push(url.origin);
  }
  let rules: AllowRule[] = [];
  let paths: string[];
  try {
    if (values.allow) rules = parseAllowList(readFileSync(values.allow, "utf8"));
    paths = (await readSiteUrls(origins[0]!, values.insecure, values.urls)).map((u) => u.path);
  } catch (error) {
    return usage((error as Error).message);
  }
  const report = await compareSites(origins[0]!, origins[1]!, paths, rules, values.insecure);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}/parity-junit.xml`, parityJunit(report, rules));
  process.stdout.write(`${parityTable(report)}\n`);
  process.stdout.write(
    `parity ${origins[0]} -> ${origins[1]}: ${report.variants} URLs, ` +
      `${report.allowed.length} allowed differences, ${report.unexpected.length} other, ` +
      `${report.unused.length} allow-list entries unused\n`,
  );
  return report.unexpected.length === 0 && report.unused.length === 0 ? 0 : 1;
}
