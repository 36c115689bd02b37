/**
 * When the split render answers (app/split-render/split-renderer.tsx): never
 * before a route's answers matched the whole render, never again once one did
 * not; the render itself is a stand-in here that writes what React would.
 */
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, test, vi } from "vitest";
import type { SplitRender } from "../../app/split-render/mode.ts";
import {
  CHECK_EVERY,
  CHECKS_BEFORE_TRUST,
  createSplitRenderer,
  FAILURES_BEFORE_REFUSAL,
  type RenderHtml,
} from "../../app/split-render/split-renderer.tsx";
import { handoffMarkup, markersOf } from "../../app/split-render/template.ts";

// The page's data, as the page's render would compute it.
vi.mock("../../app/next/next-data-script.tsx", () => ({ useNextDataText: () => '{"page":1}' }));

const TOKEN = "t0k3n";
const markers = markersOf(TOKEN);
const NONCE = "abc=";

function contextWith(chunks: { done: boolean; value: string }[] | null): EntryContext {
  const streamCache = Object.fromEntries(
    (chunks ?? [{ done: false, value: "x" }]).map((result, i) => [i, { result }]),
  );
  return {
    serverHandoffStream: new ReadableStream(),
    renderMeta: { streamCache },
  } as unknown as EntryContext;
}

const DATA = [
  { done: false, value: '["data"]' },
  { done: true, value: "" },
];

/** Renders with React what the split render's parts hear: its probes, the page's data. */
function heard(split: SplitRender) {
  renderToString(
    <>
      {split.layout(
        (main) => (
          <div>{main}</div>
        ),
        <main />,
      )}
    </>,
  );
}

/**
 * A page and its document as the app renders them: `page` is what this request's
 * page shows, `document` what the document shows around it, `pageHead` the page's
 * head elements (React writes them first in a render of the page alone), and
 * `beforeHead` what the document hoists into its head before them.
 */
function site(
  page: () => string,
  {
    document = () => "<p>frame</p>",
    pageHead = "<title>t</title>",
    beforeHead = "",
    viewport = "",
  }: { document?: () => string; pageHead?: string; beforeHead?: string; viewport?: string } = {},
) {
  const handoff = handoffMarkup(DATA, NONCE);
  // React writes a page's viewport before what the document hoists; in a page alone, first.
  const doc = (head: string, body: string, nextData: string, pageViewport = "") =>
    `<html><head><meta charSet="utf-8"/>${pageViewport}${beforeHead}${head}<script nonce="${NONCE}"></script></head>` +
    `<body>${document()}<div id="__next">${body}</div><script nonce="${NONCE}">${nextData}</script>` +
    `${handoff}</body></html>`;
  return vi.fn(async (split: SplitRender | null) => {
    if (split) heard(split);
    if (split?.kind === "template") return doc(markers.head, markers.body, markers.nextData);
    if (split?.kind === "page") return `${viewport}${pageHead}${markers.pageStart}${page()}</div>`;
    return doc(pageHead, page(), '{"page":1}', viewport);
  });
}

const answers = async (
  renderer: ReturnType<typeof createSplitRenderer>,
  render: RenderHtml,
  count: number,
  refused = vi.fn(),
) => {
  const all = [];
  for (let i = 0; i < count; i++) {
    all.push(await renderer.answer("route", contextWith(DATA), NONCE, render, refused));
  }
  return all;
};

describe("the split render", () => {
  test("answers once the route's first answers matched the whole render, with the same document", async () => {
    const render = site(() => "<main>page</main>");
    const [learned, ...rest] = await answers(createSplitRenderer(TOKEN), render, 5);
    expect(learned).toBeNull();
    const checked = rest.slice(0, CHECKS_BEFORE_TRUST);
    const split = rest.slice(CHECKS_BEFORE_TRUST);
    for (const answer of checked) expect(answer?.split).toBe(false);
    for (const answer of split) expect(answer?.split).toBe(true);
    expect(split[0]!.html).toBe(checked[0]!.html);
    // The template once; a page render and a whole one per check; a page render per split answer.
    expect(render).toHaveBeenCalledTimes(1 + 2 * CHECKS_BEFORE_TRUST + split.length);
  });

  test("a route whose split answer differs is rendered whole from then on, named once", async () => {
    let frame = 0;
    const render = site(() => "<main>page</main>", { document: () => `<p>frame ${frame++}</p>` });
    const refused = vi.fn();
    const all = await answers(createSplitRenderer(TOKEN), render, 6, refused);
    // The checked answer is the whole render's.
    expect(all[1]?.split).toBe(false);
    expect(all[1]?.html).toContain("<p>frame");
    expect(all.slice(2)).toEqual([null, null, null, null]);
    expect(refused).toHaveBeenCalledOnce();
    expect(refused).toHaveBeenCalledWith(
      "route",
      expect.stringMatching(/differs from the whole one at character \d+/),
    );
  });

  test("one answer in CHECK_EVERY is checked again", async () => {
    let page = "<main>page</main>";
    const render = site(() => page);
    const renderer = createSplitRenderer(TOKEN);
    const refused = vi.fn();
    await answers(renderer, render, 1 + CHECKS_BEFORE_TRUST, refused);
    // The page part now renders something the whole render does not (a stand-in's fault).
    let calls = 0;
    const diverging = vi.fn(async (split: SplitRender | null) => {
      calls++;
      page = split?.kind === "page" ? "<main>page</main>" : "<main>changed</main>";
      return render(split);
    });
    const served = await answers(renderer, diverging, CHECK_EVERY, refused);
    expect(served.slice(0, CHECK_EVERY - CHECKS_BEFORE_TRUST - 1).every((a) => a?.split)).toBe(
      true,
    );
    expect(refused).toHaveBeenCalledOnce();
    expect(calls).toBeGreaterThan(0);
  });

  test("nothing is split while the loader data is still streaming", async () => {
    const renderer = createSplitRenderer(TOKEN);
    const render = site(() => "<main>page</main>");
    expect(await renderer.answer("route", contextWith(null), NONCE, render, vi.fn())).toBeNull();
    expect(render).not.toHaveBeenCalled();
  });

  test("a page that fails alone is rendered whole; three times in a row, and its route is refused", async () => {
    const renderer = createSplitRenderer(TOKEN);
    await answers(
      renderer,
      site(() => "<main>page</main>"),
      1 + CHECKS_BEFORE_TRUST,
    );
    const failing = vi.fn(async (split: SplitRender | null) => {
      if (split?.kind === "page") throw new Error("the page suspended");
      return "";
    });
    const refused = vi.fn();
    const all = await answers(renderer, failing, FAILURES_BEFORE_REFUSAL + 2, refused);
    expect(all.every((answer) => answer === null)).toBe(true);
    expect(refused).toHaveBeenCalledExactlyOnceWith(
      "route",
      "its page fails, or waits for data, when rendered alone",
    );
    // Not rendered alone again once refused.
    expect(failing).toHaveBeenCalledTimes(FAILURES_BEFORE_REFUSAL);
  });

  test("a page's styles go where React would queue them, or the page is rendered whole", async () => {
    const render = (documentHoists: boolean) =>
      site(() => "<p>x</p>", {
        pageHead: '<style data-precedence="p">a{}</style><title>t</title>',
        beforeHead: documentHoists ? '<link rel="icon" href="/i"/>' : "",
      });
    const atHead = await answers(createSplitRenderer(TOKEN), render(false), 4);
    expect(atHead.at(-1)?.split).toBe(true);
    const refused = vi.fn();
    const afterIcon = await answers(createSplitRenderer(TOKEN), render(true), 6, refused);
    expect(afterIcon.slice(1)).toEqual([null, null, null, null, null]);
    expect(refused).toHaveBeenCalledExactlyOnceWith(
      "route",
      "its page's styles or preloads go before what its document hoists",
    );
  });

  test("a page's viewport goes where React puts it, before what the document hoists", async () => {
    const render = site(() => "<p>x</p>", {
      viewport: '<meta name="viewport" content="width=device-width"/>',
      beforeHead: '<meta name="from-document" content="yes"/>',
    });
    const refused = vi.fn();
    const all = await answers(createSplitRenderer(TOKEN), render, 5, refused);
    expect(refused).not.toHaveBeenCalled();
    expect(all.at(-1)?.split).toBe(true);
    expect(all.at(-1)?.html).toContain(
      '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><meta name="from-document" content="yes"/><title>t</title>',
    );
  });

  test("a document without the template's shape is refused at once", async () => {
    const refused = vi.fn();
    const render = vi.fn(async () => "<html><body>no markers</body></html>");
    const renderer = createSplitRenderer(TOKEN);
    for (let i = 0; i < 3; i++) {
      expect(await renderer.answer("route", contextWith(DATA), NONCE, render, refused)).toBeNull();
    }
    expect(render).toHaveBeenCalledOnce();
    expect(refused).toHaveBeenCalledWith("route", "its document is not of a template's shape");
  });
});
