/**
 * The harness's own test file, written as Next.js's e2e tests are (the same
 * modules, the same calls), run by the harness on both runtimes in CI
 * (tests/integration/next-harness.test.ts): an app given inline, a config with
 * a function, HTTP, Cheerio and the browser's chain.
 */
import { nextTestSetup } from "e2e-utils";
import { check, fetchViaHTTP, retry } from "next-test-utils";
import webdriver from "next-webdriver";

describe("harness sample", () => {
  const { next, isNextDeploy } = nextTestSetup({
    files: {
      "pages/index.js": `
        import Link from 'next/link'
        export default function Home() {
          return <>
            <p id="home">home page</p>
            <Link href="/post/first" id="to-post">a post</Link>
          </>
        }
      `,
      "pages/post/[slug].js": `
        import { useRouter } from 'next/router'
        export function getServerSideProps({ params }) {
          return { props: { title: 'Post ' + params.slug } }
        }
        export default function Post({ title }) {
          const router = useRouter()
          return <p id="post">{title} at {router.asPath}</p>
        }
      `,
    },
    nextConfig: {
      async redirects() {
        return [{ source: "/old", destination: "/post/moved", permanent: true }];
      },
    },
  });

  it("runs in deploy mode", () => {
    expect(isNextDeploy).toBe(true);
  });

  it("renders a page, read with Cheerio", async () => {
    const $ = await next.render$("/");
    expect($("#home").text()).toBe("home page");
  });

  it("answers a path no page has with 404", async () => {
    const res = await next.fetch("/no-such-page");
    expect(res.status).toBe(404);
  });

  it("redirects by the config's function, its Location absolute as node-fetch gives it", async () => {
    const res = await fetchViaHTTP(next.url, "/old", undefined, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`${next.url}/post/moved`);
  });

  it("navigates on a click, in the page", async () => {
    const browser = await next.browser("/");
    await browser.eval("window.beforeNav = 1");
    await browser.elementByCss("#to-post").click();
    await check(() => browser.elementByCss("#post").text(), /Post first at \/post\/first/);
    expect(await browser.eval("window.beforeNav")).toBe(1);
    expect(await browser.eval("window.__NEXT_DATA__.page")).toBe("/");
    expect(await browser.url()).toBe(`${next.url}/post/first`);
  });

  it("opens a page by its URL, as webdriver() does", async () => {
    const browser = await webdriver(next.url, "/post/second");
    expect(await browser.elementByCss("#post").text()).toBe("Post second at /post/second");
    await retry(async () => expect(await browser.eval("document.title")).toBe(""));
  });
});
