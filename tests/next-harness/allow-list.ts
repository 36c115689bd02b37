/**
 * Cases of Next.js's test files the shell fails on purpose: what they assert
 * is a weakness of Next.js's that the shell fixes (a route that never loads,
 * say, which the shell loads as a document after 3800 ms). Each with why;
 * the table counts them apart.
 */
import type { Allowed } from "./table.ts";

export const ALLOW_LIST: readonly Allowed[] = [
  {
    file: "test/e2e/basepath/router-events.test.ts",
    test: "basePath should use urls with basepath in router events for failed route change",
    why: "A click whose page's data fails (its getServerSideProps throws: a 500): Next.js renders its error page in the page it leaves, whose event log the test then reads. The shell emits the same routeChangeStart and routeChangeError ('Failed to load static props', as Next.js names it) and then loads the target as a document, as the URL contract asks of a failed route load (shared/url-contract.md: a full page load of the target URL), so the page that kept the log is gone.",
  },
  {
    file: "test/e2e/nonce-head-manager/index.test.ts",
    test: "nonce head manager should not re-execute the script when re-rendering with CSP header",
    why: "The page's next/script carries a nonce written in its code (`nonce=\"abc123\"`). Next.js sends no Content-Security-Policy, so any nonce runs; the shell sends a strict policy with a new nonce per answer (docs/security.md), under which a script with a nonce fixed in the code does not run, as a policy means. The same page's scripts without a nonce of their own get the answer's and run (the file's other case passes).",
  },
];
