import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * What React renders during a click (issue 34): the page, and of the frame
 * around it only what changes. Counted through React's DevTools hook, which
 * the production build calls at every commit as the development build does:
 * a stand-in for the extension records, per commit, the URL shown and each
 * component that rendered, placed by the elements it renders (names are
 * minified), and the elements the commit changed.
 */

interface Rendered {
  /**
   * Where the component's elements are: the frame (the header and the page side
   * by side: `_app`), the header itself, inside it, in `<main>`, elsewhere.
   */
  place: "frame" | "header" | "in-header" | "main" | "other";
  /** Those elements, for a failure's message. */
  element: string;
  /** Whether the commit changed that element or one inside it. */
  changed: boolean;
}

interface Commit {
  path: string;
  rendered: Rendered[];
}

function recordCommits(): void {
  const commits: Commit[] = [];
  (window as unknown as { __commits: Commit[] }).__commits = commits;
  const changes = new MutationObserver(() => {});
  const observe = () =>
    changes.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  if (document.documentElement) observe();
  else addEventListener("DOMContentLoaded", observe, { once: true });

  interface Fiber {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    stateNode: unknown;
  }
  // React's work tags for the components that run code when they render.
  const COMPONENTS = new Set([0, 1, 11, 14, 15]);
  // An element; `<html>`, `<head>` and `<body>`; a `<title>`, `<meta>` or `<link>` React hoists to the head.
  const HOST_ELEMENT = 5;
  const HOST_SINGLETON = 27;
  const HOST_HOISTABLE = 26;
  const PERFORMED_WORK = 1;
  /** The outermost elements a component renders in place (a page's `<main>`, not the `<title>` it hoists). */
  const elementsOf = (fiber: Fiber): Element[] => {
    const found: Element[] = [];
    const visit = (f: Fiber | null) => {
      for (; f; f = f.sibling) {
        if (f.tag === HOST_ELEMENT || f.tag === HOST_SINGLETON) {
          if (f.stateNode instanceof Element) found.push(f.stateNode);
        } else if (f.tag !== HOST_HOISTABLE) visit(f.child);
      }
    };
    visit(fiber.child);
    return found;
  };
  const placeOf = (elements: Element[]): Rendered["place"] => {
    const headers = elements.map((el) => el.closest("header"));
    // The site's `_app` and what holds it render the header and the page side by
    // side: the frame, which a navigation renders again to show its new page, as
    // Next.js's does.
    if (elements.some((el) => el.tagName === "MAIN") && elements.some((el, i) => el === headers[i]))
      return "frame";
    if (elements.some((el, i) => el === headers[i])) return "header";
    if (headers.some(Boolean)) return "in-header";
    return elements.some((el) => el.closest("main")) ? "main" : "other";
  };
  const describe = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.getAttribute("href") ? ` href="${el.getAttribute("href")}"` : ""}>`;

  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const changed = changes.takeRecords().map((record) => record.target);
      const rendered: Rendered[] = [];
      // A subtree React did not visit keeps its child pointers: it is skipped, as
      // React DevTools skips it; a visited component that bailed out has no PerformedWork.
      const walk = (fiber: Fiber) => {
        for (let c = fiber.child; c; c = c.sibling) {
          const didRender = c.alternate === null || (c.flags & PERFORMED_WORK) !== 0;
          const elements = COMPONENTS.has(c.tag) && didRender ? elementsOf(c) : [];
          if (elements.length > 0) {
            rendered.push({
              place: placeOf(elements),
              element: elements.map(describe).join(""),
              changed: changed.some((node) => elements.some((el) => el.contains(node))),
            });
          }
          if (c.alternate === null || c.child !== c.alternate.child) walk(c);
        }
      };
      walk(root.current);
      commits.push({ path: location.pathname, rendered });
    },
  };
}

async function commitsSoFar(page: Page): Promise<Commit[]> {
  return page.evaluate(() => (window as unknown as { __commits: Commit[] }).__commits.splice(0));
}

test.describe("a click renders only what changes", () => {
  test("the header and the page shown do not render for the pending navigation, and the header not at all", async ({
    page,
  }) => {
    await page.addInitScript(recordCommits);
    // The page's data (getStaticProps, at its data URL) held back a while, so the
    // navigation is seen pending for some frames.
    await page.route(/\/_next\/data\/.*\/docs\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto("/about");
    await waitForHydration(page);
    await commitsSoFar(page);

    const docs = "/docs/getting-started/install";
    await page.locator(`header a[href="${docs}"]`).click();
    await expect(page.locator("h1")).toHaveText("Documentation");
    await expect(page.locator('header a[aria-current="page"]')).toHaveAttribute("href", docs);
    const commits = await commitsSoFar(page);

    const pending = commits.filter((c) => c.path === "/about").flatMap((c) => c.rendered);
    const done = commits.filter((c) => c.path === docs).flatMap((c) => c.rendered);
    // The probe sees what a navigation renders: the new page, and the links whose mark moved.
    expect(done.filter((r) => r.place === "main").length).toBeGreaterThan(0);
    expect(done.filter((r) => r.place === "in-header").length).toBeGreaterThan(0);

    // While the navigation is pending, only what shows the pending state renders.
    expect(pending.filter((r) => r.place !== "other")).toEqual([]);
    // Then the header's component does not render (the frame around it does, to show
    // the new page, as Next.js's _app does); its parts that do have changed.
    expect(done.filter((r) => r.place === "header")).toEqual([]);
    expect(done.filter((r) => r.place === "in-header" && !r.changed)).toEqual([]);
  });
});
