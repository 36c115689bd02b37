/**
 * `__NEXT_DATA__` as `next start` writes it (app/next/page/next-data.ts): its
 * keys in Next.js's order, those without a value left out, and the JSON safe
 * inside a `<script>`. The differential suite compares whole pages with Next.js.
 */
import { describe, expect, test } from "vitest";
import { nextDataOf, scriptJson, type NextDataFacts } from "../../../app/next/page/next-data.ts";

const FACTS: NextDataFacts = {
  page: "/blog/[slug]",
  props: { pageProps: { title: "Hello" } },
  data: "server-side",
  params: { slug: "hello" },
  query: { slug: "hello", ref: "mail" },
  buildId: "b1",
  isFallback: false,
  gip: false,
  appGip: false,
  locale: "fr",
  locales: ["en", "fr"],
  defaultLocale: "en",
};

describe("nextDataOf", () => {
  test.each<[string, Partial<NextDataFacts>, Record<string, unknown>]>([
    [
      "getServerSideProps: the whole query, __N_SSP, gssp",
      {},
      {
        props: { pageProps: { title: "Hello" }, __N_SSP: true },
        page: "/blog/[slug]",
        query: { slug: "hello", ref: "mail" },
        buildId: "b1",
        isFallback: false,
        isExperimentalCompile: false,
        gssp: true,
        locale: "fr",
        locales: ["en", "fr"],
        defaultLocale: "en",
        scriptLoader: [],
      },
    ],
    [
      "getStaticProps: its parameters only, __N_SSG, gsp",
      { data: "static", isFallback: true },
      {
        props: { pageProps: { title: "Hello" }, __N_SSG: true },
        page: "/blog/[slug]",
        query: { slug: "hello" },
        buildId: "b1",
        isFallback: true,
        gsp: true,
        locale: "fr",
        locales: ["en", "fr"],
        defaultLocale: "en",
        scriptLoader: [],
      },
    ],
    [
      "no data function: exported, no query; without i18n, no locales",
      { data: "initial", locale: undefined, locales: undefined, defaultLocale: undefined },
      {
        props: { pageProps: { title: "Hello" } },
        page: "/blog/[slug]",
        query: {},
        buildId: "b1",
        nextExport: true,
        autoExport: true,
        isFallback: false,
        scriptLoader: [],
      },
    ],
    [
      "getInitialProps of the page and of _app",
      { data: "initial", gip: true, appGip: true },
      {
        props: { pageProps: { title: "Hello" } },
        page: "/blog/[slug]",
        query: { slug: "hello", ref: "mail" },
        buildId: "b1",
        isFallback: false,
        isExperimentalCompile: false,
        gip: true,
        appGip: true,
        locale: "fr",
        locales: ["en", "fr"],
        defaultLocale: "en",
        scriptLoader: [],
      },
    ],
    [
      "a server error's page: err, as Next.js says it in production",
      { page: "/500", data: "initial", params: {}, query: {}, errorStatus: 500 },
      {
        props: { pageProps: { title: "Hello" } },
        page: "/500",
        query: {},
        buildId: "b1",
        nextExport: true,
        autoExport: true,
        isFallback: false,
        err: {
          name: "Internal Server Error.",
          message: "500 - Internal Server Error.",
          statusCode: 500,
        },
        locale: "fr",
        locales: ["en", "fr"],
        defaultLocale: "en",
        scriptLoader: [],
      },
    ],
  ])("%s", (_, change, expected) => {
    const data = nextDataOf({ ...FACTS, ...change });
    expect(data).toEqual(expected);
    // In Next.js's order: tests and snippets compare the JSON as text.
    expect(Object.keys(data)).toEqual(Object.keys(expected));
  });
});

test("scriptJson: nothing in a value closes the script or breaks it", () => {
  const text = scriptJson({ a: "</script><script>alert(1)</script>", b: "x & y", c: "\u2028" });
  expect(text).not.toMatch(/[<>&\u2028]/);
  expect(JSON.parse(text)).toEqual({
    a: "</script><script>alert(1)</script>",
    b: "x & y",
    c: "\u2028",
  });
});
