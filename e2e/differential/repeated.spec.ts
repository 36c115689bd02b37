/**
 * One page asked again and again, as a busy site's page is: each answer is
 * what Next.js answers, whatever the page's getServerSideProps decides on that
 * request (props, the not-found page, a redirect, an error, the response ended
 * by the page), and getServerSideProps runs once per request (it counts its
 * calls in a header, tests/nextjs-site-plain/pages/answers.js). The shell's later
 * answers of a route are its split and direct answers (app/split-render/,
 * app/direct/): its first three are rendered whole, its next three checked.
 */
import { test } from "@playwright/test";
import { answerOf, expectSame, RUNTIMES, type Runtime } from "./observe.ts";

const ASKED = [
  ...Array.from({ length: 8 }, () => ""),
  "&as=missing",
  "",
  "&as=moved",
  "",
  "&as=throws",
  "",
  "&as=sent",
  "",
];

test("a page asked sixteen times answers each time as Next.js does, its data function run once each", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  // Its own key per run: the counts are the process's.
  const key = `repeated-${Date.now()}`;
  for (const runtime of RUNTIMES) {
    const answers = [];
    for (const query of ASKED) {
      const answer = await answerOf(runtime, `/answers?key=${key}${query}`, {}, "plain");
      answers.push({
        query,
        status: answer.status,
        location: answer.location,
        header: answer.headers.get("x-fixture"),
        heading: /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1] ?? null,
        ...(answer.status === 202 && { body: answer.body }),
      });
    }
    seen[runtime] = answers;
  }
  expectSame("a page asked sixteen times", seen.next, seen.shell);
});
