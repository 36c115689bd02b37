/**
 * A Next.js page module made a route module: what each copy (server, browser)
 * keeps, exports and adds; and the modules the build refuses, with their reason.
 */
import { describe, expect, test } from "vitest";
import {
  PageModuleError,
  transformPageModule,
  type PageModuleOptions,
} from "../../../app/next/vite/page-module.ts";

const RUNTIME = { client: "RUNTIME_CLIENT", server: "RUNTIME_SERVER" };
const transform = (code: string, options: Partial<PageModuleOptions> = {}) =>
  transformPageModule(code, {
    file: "blog/[slug].js",
    dynamic: true,
    environment: "client",
    runtime: RUNTIME,
    ...options,
  });

const SERVER_ONLY = `
import db from "../lib/db";
import { format } from "../lib/format";
const QUERY = "select * from posts where slug = $1";
async function load(slug) { return db.query(QUERY, [slug]); }
export async function getServerSideProps({ params }) {
  return { props: { post: format(await load(params.slug)) } };
}
export default function Post({ post }) { return <h1>{post.title}</h1>; }
`;

describe("the browser's copy", () => {
  const out = transform(SERVER_ONLY)!;
  test("loses the data function and everything only it used, imports included", () => {
    expect(out.code).not.toContain("getServerSideProps(");
    expect(out.code).not.toContain("../lib/db");
    expect(out.code).not.toContain("../lib/format");
    expect(out.code).not.toContain("select * from posts");
    expect(out.code).not.toContain("async function load");
  });
  test("keeps the component, hands it over in `handle`, and loads with a client loader", () => {
    expect(out.code).toMatch(/function Post\(/);
    expect(out.code).toMatch(/export default Post;/);
    expect(out.code).toContain(
      'export const handle = __nextPageHandle(Post, {"file":"blog/[slug].js","data":"server-side"})',
    );
    expect(out.code).toContain("export const clientLoader = __nextPageClientLoader(Post,");
    expect(out.code).not.toContain("export const loader");
  });
  test("exports the server's names empty, so React Router's chunks agree with the server's", () => {
    expect(out.code).toContain("export const getServerSideProps = undefined;");
    expect(out.code).toContain("export const renderOnce = undefined;");
  });
  test("says how the page gets its props", () => {
    expect(out.meta).toEqual({ file: "blog/[slug].js", data: "server-side" });
  });
});

describe("the server's copy", () => {
  const out = transform(SERVER_ONLY, { environment: "server" })!;
  test("keeps the data function, and adds the loader that runs it", () => {
    expect(out.code).toContain("export async function getServerSideProps(");
    expect(out.code).toContain("../lib/db");
    expect(out.code).toMatch(
      /export const loader = __nextPageLoader\(Post, \{ getServerSideProps: getServerSideProps, getStaticProps: undefined, getStaticPaths: undefined \}/,
    );
    expect(out.code).toContain("export const renderOnce = __nextPageRendersOnce(Post,");
    expect(out.code).toContain('from "RUNTIME_SERVER"');
  });
});

describe("a page's config: the Edge runtime renders it per request, as Next.js does", () => {
  test.each([
    ["export const config", 'export const config = { runtime: "experimental-edge" };', "config"],
    [
      "export { x as config }",
      'const pageConfig = { runtime: "edge" }; export { pageConfig as config };',
      "pageConfig",
    ],
    ["none", "", "undefined"],
  ])("%s: handed to the rendered-once decision", (_name, config, given) => {
    const out = transform(`export default function Page() { return null; }\n${config}`, {
      environment: "server",
      dynamic: false,
    })!;
    expect(out.code).toMatch(
      new RegExp(
        `export const renderOnce = __nextPageRendersOnce\\(Page, \\{[^}]*\\}, ${given}\\);`,
      ),
    );
  });
});

describe("the page's component, however it is exported", () => {
  test.each([
    ["a named function", "export default function Page() { return null; }", "Page"],
    ["an anonymous function", "export default function () { return null; }", "__nextPage"],
    ["an arrow", "export default () => null;", "__nextPage"],
    ["a call (withRouter)", "const P = () => null; export default memo(P);", "__nextPage"],
    ["an identifier", "const P = () => null; export default P;", "P"],
    [
      "a class",
      "export default class Page extends Component { render() { return null; } }",
      "Page",
    ],
    ["a specifier", "const P = () => null; export { P as default };", "P"],
    ["a re-export", 'export { default } from "./other";', "__nextPage"],
  ])("%s", (_, code, binding) => {
    const out = transform(`import { memo, Component } from "react";\n${code}`, { dynamic: false })!;
    expect(out.code).toContain(`__nextPageHandle(${binding},`);
  });
});

describe("data functions, however they are exported", () => {
  test.each([
    [
      "a const arrow",
      "export const getStaticProps = async () => ({ props: {} });",
      "getStaticProps",
    ],
    [
      "a local under another name",
      "const gsp = () => ({ props: {} }); export { gsp as getStaticProps };",
      "gsp",
    ],
    ["a re-export", 'export { getStaticProps } from "../lib/data";', "__next_getStaticProps"],
  ])("%s: the server's loader runs it; the browser's copy has none of it", (_, code, local) => {
    const source = `${code}\nexport default function Page() { return null; }`;
    const server = transform(source, { environment: "server", dynamic: false })!;
    expect(server.code).toContain(`getStaticProps: ${local},`);
    const client = transform(source, { dynamic: false })!;
    expect(client.code).not.toMatch(/props: \{\}|lib\/data|gsp/);
    expect(client.meta?.data).toBe("static");
  });
});

test("a React Router route module is used as it is (it may list the sitemap's paths)", () => {
  expect(
    transform(
      "export function loader() { return 1; }\nexport default function P() { return null; }",
    ),
  ).toBeNull();
  expect(
    transform(
      "export const getStaticPaths = () => ({ paths: [] });\nexport function loader() {}\nexport default function P() { return null; }",
    ),
  ).toBeNull();
});

test("a page with no data function gets its props from getInitialProps, if any", () => {
  expect(
    transform("export default function P() { return null; }", { dynamic: false })?.meta?.data,
  ).toBe("initial");
});

describe("what Next.js's build refuses, the shell's build refuses, naming the file", () => {
  test.each([
    [
      "a loader beside getServerSideProps",
      "export function loader() {}\nexport function getServerSideProps() {}\nexport default function P() { return null; }",
      /a page is either a Next\.js page \(getServerSideProps\) or a React Router route module \(loader\)/,
    ],
    [
      "getServerSideProps with getStaticProps",
      "export function getServerSideProps() {}\nexport function getStaticProps() {}\nexport function getStaticPaths() {}\nexport default function P() { return null; }",
      /getServerSideProps cannot go with getStaticProps/,
    ],
    [
      "a dynamic page with getStaticProps and no getStaticPaths",
      "export function getStaticProps() {}\nexport default function P() { return null; }",
      /needs getStaticPaths/,
    ],
    ["no default export", "export function getServerSideProps() {}", /default export/],
    [
      "a syntax error",
      "export default function P() { return <div>; }",
      /pages\/blog\/\[slug\]\.js/,
    ],
  ])("%s", (_, code, message) => {
    expect(() => transform(code)).toThrow(PageModuleError);
    expect(() => transform(code)).toThrow(message);
  });

  test("getStaticPaths on a page that is not dynamic", () => {
    expect(() =>
      transform(
        "export function getStaticProps() {}\nexport function getStaticPaths() {}\nexport default function P() { return null; }",
        { dynamic: false },
      ),
    ).toThrow(/only for a page with a dynamic segment/);
  });
});

test("TypeScript pages keep their types until the compiler strips them", () => {
  const out = transform(
    "import type { GetStaticProps } from 'next';\nexport const getStaticProps: GetStaticProps = () => ({ props: {} });\nexport default function P(): null { return null; }",
    { file: "about.tsx", dynamic: false },
  )!;
  expect(out.code).toContain("function P(): null");
  expect(out.code).not.toContain("getStaticProps: GetStaticProps");
});

describe("a special file (_app, 404, ...)", () => {
  test("loses its getStaticProps in the browser, and gains nothing", () => {
    const out = transformPageModule(
      'import db from "../lib/db";\nexport function getStaticProps() { return { props: { n: db.n } }; }\nexport default function NotFound() { return null; }',
      { file: "404.js", dynamic: false, environment: "client", runtime: RUNTIME, special: true },
    )!;
    expect(out.code).not.toContain("../lib/db");
    expect(out.code).not.toContain("handle");
    expect(out.code).toContain("export const getStaticProps = undefined;");
  });
  test("with no data function, is left alone", () => {
    expect(
      transformPageModule("export default function App() { return null; }", {
        file: "_app.js",
        dynamic: false,
        environment: "client",
        runtime: RUNTIME,
        special: true,
      }),
    ).toBeNull();
  });
});
