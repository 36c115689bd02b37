/**
 * getStaticProps' outcomes made at build, as `next build` keeps each
 * prerendered page's props: `npm run build` calls every page's getStaticProps
 * for each path its getStaticPaths lists, in every locale
 * (server/static-pages/), and records what came back with the build
 * (BUILD_DIR/prerendered-props.json, never served). The server then renders
 * such a page from its record: its getStaticProps is not called again until
 * the page is revalidated (its `revalidate` past since the build, or
 * `POST /_revalidate`), so a new release's first visitors do not wait for it.
 *
 * An outcome is recorded only when JSON keeps it whole (props of strings,
 * numbers, booleans, null, arrays and plain objects, as Next.js requires of
 * them): any other is made again at the first render, as before.
 */
import { isObject } from "../../routing/is-object.ts";
import { isEmptyCatchAll, type PageParams } from "../../routing/pages.ts";
import type { PagePropsOutcome } from "./types.ts";

/** The file, beside the build's other records. */
export const PRERENDERED_PROPS_RECORD = "prerendered-props.json";

/** An outcome getStaticProps can give at build. */
export type StaticOutcome = Extract<PagePropsOutcome, { kind: "props" | "not-found" | "redirect" }>;

export interface PrerenderedProps {
  /** The build the outcomes belong to: a record of another is ignored. */
  readonly buildId: string;
  /** When getStaticProps ran (ms since the epoch): a `revalidate` counts from it. */
  readonly madeAt: number;
  /** By `staticPropsKey`. */
  readonly outcomes: Readonly<Record<string, StaticOutcome>>;
  /**
   * The URL (path below the base path included) of every page rendered once,
   * getStaticProps' or not, in every locale: what the server keeps at start
   * (server/static-pages/warm.ts).
   */
  readonly urls: readonly string[];
}

/** The key of a page's outcome: its pattern, locale and parameters. */
export function staticPropsKey(pattern: string, locale: string | null, params: PageParams): string {
  return `${pattern}\0${pathKey(locale, params)}`;
}

/**
 * A path of a page by its locale and parameters (in any order): getStaticPaths' index uses it too.
 * An optional catch-all with nothing in it, as getStaticPaths may name it (null, false, []), is
 * the same path as one without it.
 */
export function pathKey(locale: string | null, params: PageParams): string {
  const entries = Object.entries(params)
    .filter(([, value]) => !isEmptyCatchAll(value))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${locale ?? ""}\0${JSON.stringify(entries)}`;
}

/** Whether JSON gives `value` back as it is. */
export function keptByJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(keptByJson);
  if (!isObject(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every(keptByJson);
}

let record: PrerenderedProps | null = null;

/** Takes the build's record (server/platform/build.ts, at start); null forgets it. */
export function keepPrerenderedProps(next: PrerenderedProps | null): void {
  record = next;
}

/**
 * The outcome recorded at build for `key`, while it is fresh at `now`: always
 * without `revalidate`, else until `revalidate` seconds past the build.
 */
export function prerenderedOutcome(key: string, now: number): StaticOutcome | undefined {
  if (record === null || !Object.hasOwn(record.outcomes, key)) return undefined;
  const outcome = record.outcomes[key]!;
  const revalidate = outcome.kind === "redirect" ? undefined : outcome.revalidate;
  if (typeof revalidate === "number" && now >= record.madeAt + revalidate * 1000) return undefined;
  return outcome;
}
