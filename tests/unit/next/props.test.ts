/**
 * A page's props on the server, as Next.js works them out: what each data
 * function is given, and how what it returns is read (Next.js's messages for
 * what it refuses).
 */
import { describe, expect, test, vi } from "vitest";
import { cookiesOf } from "../../../app/routing/cookies.ts";
import {
  pageProps,
  readDataResult,
  readRevalidate,
  readStaticPaths,
  type PagePropsInput,
} from "../../../app/next/page/props.ts";
import type { PageComponent } from "../../../app/next/page/types.ts";

const Page = (() => null) as unknown as PageComponent;
const LOCALES = { locales: ["en", "fr"], defaultLocale: "en" };

function input(overrides: Partial<PagePropsInput>): PagePropsInput {
  return {
    App: null,
    page: Page,
    functions: {},
    meta: { file: "blog/[slug].js", data: "server-side" },
    request: {
      pattern: "/blog/[slug]",
      params: { slug: "a" },
      locale: "fr",
      path: "/blog/a",
      search: "?x=1&x=2",
    },
    locales: LOCALES,
    ...overrides,
  };
}

describe("readDataResult", () => {
  test.each([
    [{ props: { a: 1 } }, { kind: "props", props: { pageProps: { a: 1 } } }],
    [{ props: Promise.resolve({ a: 1 }) }, { kind: "props", props: { pageProps: { a: 1 } } }],
    [{ notFound: true }, { kind: "not-found" }],
    [
      { redirect: { destination: "/x", permanent: true } },
      { kind: "redirect", destination: "/x", status: 308, basePath: true },
    ],
    [
      { redirect: { destination: "/x", permanent: false, basePath: false } },
      { kind: "redirect", destination: "/x", status: 307, basePath: false },
    ],
    [
      { redirect: { destination: "https://e.example", statusCode: 303 } },
      { kind: "redirect", destination: "https://e.example", status: 303, basePath: true },
    ],
  ])("getServerSideProps returning %j", async (result, expected) => {
    expect(await readDataResult("getServerSideProps", result)).toEqual(expected);
  });

  test.each([
    [undefined, /did not return an object. Did you forget to add a `return`\?/],
    [
      { title: "x" },
      /Additional keys were returned from `getServerSideProps`[\s\S]*Keys that need to be moved: title\./,
    ],
    [{ props: { a: 1 }, revalidate: 1 }, /Keys that need to be moved: revalidate/],
    [{ redirect: { destination: "/x" } }, /either `permanent`/],
    [{ redirect: { destination: "/x", statusCode: 200 } }, /Invalid redirect `statusCode`/],
    [{ props: "x" }, /must be an object/],
  ])("getServerSideProps returning %j is refused", async (result, message) => {
    await expect(readDataResult("getServerSideProps", result)).rejects.toThrow(message);
  });

  test("getStaticProps may say how long its page is kept", async () => {
    expect(await readDataResult("getStaticProps", { props: {}, revalidate: 60 })).toEqual({
      kind: "props",
      props: { pageProps: {} },
      revalidate: 60,
    });
    expect(await readDataResult("getStaticProps", { notFound: true, revalidate: false })).toEqual({
      kind: "not-found",
      revalidate: false,
    });
  });
});

test.each([
  [undefined, undefined],
  [false, false],
  [true, 1],
  [60, 60],
])("readRevalidate(%j) = %j", (value, expected) => {
  expect(readRevalidate(value)).toBe(expected);
});

test.each([0, -1, 1.5, "60", 400 * 24 * 3600])("readRevalidate(%j) is refused", (value) => {
  expect(() => readRevalidate(value)).toThrow(/natural number/);
});

describe("readStaticPaths", () => {
  test("paths as strings or parameters, each in its locale", () => {
    const index = readStaticPaths(
      {
        paths: [
          "/blog/a",
          "/fr/blog/b",
          { params: { slug: "c" } },
          { params: { slug: "d" }, locale: "fr" },
        ],
        fallback: false,
      },
      "/blog/[slug]",
      LOCALES,
    );
    expect(index.fallback).toBe(false);
    expect(index.listed.size).toBe(4);
  });
  test.each([
    [{ paths: [] }, /`fallback` key must be returned/],
    [{ fallback: true }, /`paths` array/],
    [{ paths: ["/other/x"], fallback: true }, /does not match the page/],
    [{ paths: [42], fallback: true }, /Invalid path/],
  ])("%j is refused", (result, message) => {
    expect(() => readStaticPaths(result, "/blog/[slug]", LOCALES)).toThrow(message);
  });
});

test.each([
  ["a=1; b=two%20words", { a: "1", b: "two words" }],
  ['q="quoted"; a=1; a=2', { q: "quoted", a: "1" }],
  ["bad=%E0%A4%A; =x; noeq", { bad: "%E0%A4%A" }],
  [undefined, {}],
  // Names an object has of its own kind are cookies like any other.
  ["constructor=1; toString=2", { constructor: "1", toString: "2" }],
])("cookiesOf(%j)", (header, expected) => {
  expect(cookiesOf(header)).toEqual(expected);
});

describe("getServerSideProps is given what Next.js gives it", () => {
  test("params, the query (search then params), resolvedUrl, the locales", async () => {
    const getServerSideProps = vi.fn(() => ({ props: {} }));
    await pageProps(input({ functions: { getServerSideProps } }));
    expect(getServerSideProps).toHaveBeenCalledWith({
      params: { slug: "a" },
      query: { x: ["1", "2"], slug: "a" },
      req: undefined,
      res: undefined,
      resolvedUrl: "/blog/a?x=1&x=2",
      locale: "fr",
      locales: ["en", "fr"],
      defaultLocale: "en",
    });
  });
  test("a page that is not dynamic gets no params", async () => {
    const getServerSideProps = vi.fn((_context: object) => ({ props: {} }));
    await pageProps(
      input({
        functions: { getServerSideProps },
        request: { pattern: "/about", params: {}, locale: "en", path: "/about", search: "" },
      }),
    );
    expect(getServerSideProps.mock.calls[0]![0]).not.toHaveProperty("params");
  });
  test("_app's getInitialProps' pageProps go under the page's", async () => {
    const App = Object.assign(() => null, {
      getInitialProps: async () => ({ pageProps: { user: "u", a: 0 }, theme: "dark" }),
    });
    const outcome = await pageProps(
      input({ App, functions: { getServerSideProps: () => ({ props: { a: 1 } }) } }),
    );
    expect(outcome).toEqual({
      kind: "props",
      props: { theme: "dark", pageProps: { user: "u", a: 1 } },
    });
  });
  test("getInitialProps beside getServerSideProps is refused, as in Next.js", async () => {
    const page = Object.assign(() => null, { getInitialProps: () => ({}) }) as PageComponent;
    await expect(
      pageProps(input({ page, functions: { getServerSideProps: () => ({ props: {} }) } })),
    ).rejects.toThrow(/You can not use getInitialProps with getServerSideProps/);
  });
});

describe("getStaticProps, and the paths getStaticPaths lists", () => {
  const staticInput = (fallback: boolean | "blocking", overrides: Partial<PagePropsInput> = {}) =>
    input({
      meta: { file: "blog/[slug].js", data: "static" },
      functions: {
        getStaticPaths: () => ({ paths: [{ params: { slug: "a" }, locale: "fr" }], fallback }),
        getStaticProps: (({ params }: { params: { slug: string } }) => ({
          props: { slug: params.slug },
          revalidate: 10,
        })) as never,
      },
      ...overrides,
    });
  const other = {
    pattern: "/blog/[slug]",
    params: { slug: "z" },
    locale: "fr",
    path: "/blog/z",
    search: "",
  };

  test("a listed path: its props and revalidate", async () => {
    expect(await pageProps(staticInput(false))).toEqual({
      kind: "props",
      props: { pageProps: { slug: "a" } },
      revalidate: 10,
    });
  });
  test("fallback: false: any other path is not found", async () => {
    expect(await pageProps(staticInput(false, { request: other }))).toEqual({ kind: "not-found" });
  });
  test("the same path in another locale is another path", async () => {
    expect(
      await pageProps(
        staticInput(false, { request: { ...other, params: { slug: "a" }, locale: "en" } }),
      ),
    ).toEqual({ kind: "not-found" });
  });
  test("fallback: 'blocking': rendered", async () => {
    expect((await pageProps(staticInput("blocking", { request: other }))).kind).toBe("props");
  });
  test("fallback: true: the fallback page for a visitor's document, the page itself otherwise", async () => {
    expect(await pageProps(staticInput(true, { request: other, fallbackAllowed: true }))).toEqual({
      kind: "fallback",
    });
    expect((await pageProps(staticInput(true, { request: other }))).kind).toBe("props");
  });
  test("getStaticProps is given params, the locales and why it runs; no request", async () => {
    const getStaticProps = vi.fn(() => ({ props: {} }));
    await pageProps(
      staticInput(false, {
        functions: {
          getStaticPaths: () => ({ paths: ["/fr/blog/a"], fallback: false }),
          getStaticProps,
        },
        revalidateReason: "stale",
      }),
    );
    expect(getStaticProps).toHaveBeenCalledWith({
      params: { slug: "a" },
      locale: "fr",
      locales: ["en", "fr"],
      defaultLocale: "en",
      revalidateReason: "stale",
    });
  });
});

test("a page with getInitialProps: its props, given the request's context", async () => {
  const getInitialProps = vi.fn((ctx: { query: object; asPath?: string }) => ({
    q: ctx.query,
    as: ctx.asPath,
  }));
  const page = Object.assign(() => null, { getInitialProps }) as PageComponent;
  const outcome = await pageProps(
    input({ page, meta: { file: "blog/[slug].js", data: "initial" } }),
  );
  expect(outcome).toEqual({
    kind: "props",
    props: { pageProps: { q: { x: ["1", "2"], slug: "a" }, as: "/blog/a?x=1&x=2" } },
  });
});
