/**
 * Methods other than GET at a page, as a form posts to one: a page rendered
 * per request (getServerSideProps, getInitialProps) runs as for a GET, told
 * the method; a page rendered once (getStaticProps, or none) is not run.
 */
import { test } from "@playwright/test";
import { baseOf, BROWSER_UA, expectSame, RUNTIMES, type Runtime } from "./observe.ts";

const PAGES = ["/ssr/one?id=one", "/gip", "/ssg/first", "/about"];

for (const path of PAGES) {
  test(`a form's POST to ${path}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const response = await fetch(baseOf(runtime) + path, {
        method: "POST",
        redirect: "manual",
        headers: {
          "user-agent": BROWSER_UA,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "name=team",
      });
      const body = await response.text();
      const main = /<main>[\s\S]*<\/main>/.exec(body)?.[0] ?? null;
      seen[runtime] = {
        status: response.status,
        allow: response.headers.get("allow"),
        // What the page was given: the method, among the rest (class names aside).
        method:
          /&quot;method&quot;:&quot;(\w+)&quot;|"method":"(\w+)"/
            .exec(main ?? "")
            ?.slice(1)
            .find(Boolean) ?? null,
        rendered: main !== null,
      };
    }
    expectSame(`POST ${path}`, seen.next, seen.shell);
  });
}
