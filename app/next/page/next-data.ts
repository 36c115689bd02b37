/**
 * `__NEXT_DATA__`: what Next.js writes into every page of the pages router
 * (`<script id="__NEXT_DATA__" type="application/json">`), and its client reads
 * into `window.__NEXT_DATA__`: the page, its props, its query, the build's id,
 * its kind and locales. Tests, analytics snippets and libraries read it; the
 * shell's own client does not (React Router carries the page's data).
 *
 * Its keys come in Next.js's order, those without a value left out, as its
 * server writes them (render.tsx).
 */
import type { NextQuery } from "../routing/query.ts";
import type { AppProps, PageData } from "./types.ts";

export interface NextDataFacts {
  /** The page's route as Next.js writes it: `/blog/[slug]`, `/404`. */
  readonly page: string;
  readonly props: AppProps;
  /** Where its props come from. */
  readonly data: PageData;
  /** The page's parameters. */
  readonly params: NextQuery;
  /** Its parameters and the URL's query: what a page rendered per request is given. */
  readonly query: NextQuery;
  readonly buildId: string;
  readonly isFallback: boolean;
  /** The page's own `getInitialProps`. */
  readonly gip: boolean;
  /** `_app`'s own `getInitialProps`. */
  readonly appGip: boolean;
  /** Without i18n, all three undefined. */
  readonly locale: string | undefined;
  readonly locales: readonly string[] | undefined;
  readonly defaultLocale: string | undefined;
  /** `i18n.domains`, as the config writes it; undefined without. */
  readonly domainLocales?: readonly unknown[];
  /** A server error's status, for the error page: Next.js says so under `err`. */
  readonly errorStatus?: number;
  /** Rendered in preview or draft mode. */
  readonly isPreview?: boolean;
}

/** `__NEXT_DATA__`'s value for a page, as `next start` writes it. */
export function nextDataOf(facts: NextDataFacts): Record<string, unknown> {
  const { data, gip, appGip } = facts;
  // A page without data functions nor getInitialProps is built once, for every URL:
  // Next.js calls it exported, and it knows no query.
  const autoExport = data === "initial" && !gip && !appGip;
  const preview = facts.isPreview === true && { __N_PREVIEW: true };
  const props =
    data === "server-side"
      ? { ...facts.props, __N_SSP: true, ...preview }
      : data === "static"
        ? { ...facts.props, __N_SSG: true, ...preview }
        : facts.props;
  const query = autoExport ? {} : data === "static" ? facts.params : facts.query;
  const entries: [string, unknown][] = [
    ["props", props],
    ["page", facts.page],
    ["query", query],
    ["buildId", facts.buildId],
    ["nextExport", autoExport || undefined],
    ["autoExport", autoExport || undefined],
    ["isFallback", facts.isFallback],
    // Said by `next start` of a page it renders per request, not of one built once.
    [
      "isExperimentalCompile",
      data === "server-side" || (data === "initial" && !autoExport) ? false : undefined,
    ],
    [
      "err",
      facts.errorStatus !== undefined && facts.errorStatus >= 500
        ? {
            name: "Internal Server Error.",
            message: "500 - Internal Server Error.",
            statusCode: facts.errorStatus,
          }
        : undefined,
    ],
    ["gsp", data === "static" || undefined],
    ["gssp", data === "server-side" || undefined],
    ["gip", (data === "initial" && gip) || undefined],
    ["appGip", appGip || undefined],
    ["locale", facts.locale],
    ["locales", facts.locales],
    ["defaultLocale", facts.defaultLocale],
    ["domainLocales", facts.domainLocales],
    ["scriptLoader", []],
    ["isPreview", facts.isPreview === true || undefined],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON for a `<script>` element: nothing in it can close the element or break the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}
