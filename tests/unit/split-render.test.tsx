/**
 * The split render's pure parts (app/split-render/): reading a place in React's
 * tree from a probe's id and rebuilding it around a page rendered alone, and
 * the document template with its holes.
 */
import fc from "fast-check";
import { useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import {
  chainBetween,
  chainOfProbe,
  listsFor,
  withOnes,
  type TreeChain,
} from "../../app/split-render/chain.ts";
import {
  fillTemplate,
  pageHeadValues,
  handoffMarkup,
  markersOf,
  pageParts,
  templateOf,
} from "../../app/split-render/template.ts";

describe("a place in React's tree, read from a probe's id", () => {
  test.each<[string, TreeChain | null]>([
    // The newest bit is the probe's parent's 1; the rest is the chain above.
    ["_R_1_", { bits: 0, length: 0 }],
    ["_R_3_", { bits: 0b1, length: 1 }],
    ["_R_1b_", { bits: 0b01011, length: 5 }],
    ["_R_b5_", { bits: 0b01100101, length: 8 }],
    // 30 bits: as long as React keeps without an overflow.
    ["_R_vvvvvv_", { bits: 2 ** 29 - 1, length: 29 }],
    // Not a first id of a component, not React's, or past what React keeps in bits.
    ["_R_1bH1_", null],
    ["_R_0_", null],
    ["R_1b", null],
    ["_R_1234567_", null],
  ])("%s", (id, chain) => expect(chainOfProbe(id)).toEqual(chain));

  test.each<[TreeChain, TreeChain, TreeChain | null]>([
    [
      { bits: 0b11, length: 2 },
      { bits: 0b10111, length: 5 },
      { bits: 0b101, length: 3 },
    ],
    [
      { bits: 0, length: 0 },
      { bits: 0b101, length: 3 },
      { bits: 0b101, length: 3 },
    ],
    // Beside it, not below it.
    [{ bits: 0b10, length: 2 }, { bits: 0b10111, length: 5 }, null],
    [{ bits: 0b1, length: 4 }, { bits: 0b1, length: 2 }, null],
  ])("below %o, %o adds %o", (outer, inner, between) =>
    expect(chainBetween(outer, inner)).toEqual(between),
  );

  test("two components calling useId add two ones", () => {
    expect(withOnes({ bits: 0b01, length: 2 }, 2)).toEqual({ bits: 0b1101, length: 4 });
  });

  test.each<[TreeChain, { length: number; index: number }[] | null]>([
    [{ bits: 0, length: 0 }, []],
    [{ bits: 0b1, length: 1 }, [{ length: 1, index: 0 }]],
    [{ bits: 0b11, length: 2 }, [{ length: 3, index: 2 }]],
    // A run of zeros at the top is not left as a list of its own.
    [{ bits: 0b0001, length: 4 }, [{ length: 8, index: 0 }]],
    // A run of zeros at the bottom takes in the bits above it.
    [{ bits: 0b1_0000_0000, length: 9 }, [{ length: 256, index: 255 }]],
    [
      { bits: 0b11_1111_1111, length: 10 },
      [
        { length: 255, index: 254 },
        { length: 3, index: 2 },
      ],
    ],
  ])("%o is rebuilt by the lists %o", (chain, lists) => expect(listsFor(chain)).toEqual(lists));
});

// What a generated document is made of, from the root down to the page's place.
type Step = { list: number; at: number } | "useId";

function UsesId({ children }: { children: ReactNode }) {
  useId();
  return children;
}

/** `leaf` at the end of `steps`, each list's other places holding elements of their own. */
function placed(steps: readonly Step[], leaf: ReactNode): ReactNode {
  let node = leaf;
  for (const step of [...steps].reverse()) {
    if (step === "useId") {
      node = <UsesId>{node}</UsesId>;
    } else {
      node = Array.from({ length: step.list }, (_, i) =>
        i === step.at ? <div key={i}>{node}</div> : <span key={i}>{i}</span>,
      );
    }
  }
  return <main>{node}</main>;
}

function Probe({ seen }: { seen: (id: string) => void }) {
  seen(useId());
  return null;
}

/** A page whose markup shows its own ids and its children's, in a list. */
function Page() {
  const id = useId();
  const other = useId();
  return (
    <section aria-labelledby={id} aria-describedby={other}>
      {["a", "b", "c"].map((key) => (
        <Labelled key={key} />
      ))}
    </section>
  );
}
function Labelled() {
  return <label htmlFor={useId()}>x</label>;
}

const steps = fc.array(
  fc.oneof(
    fc.constant<Step>("useId"),
    fc
      .integer({ min: 1, max: 40 })
      .chain((list) => fc.record({ list: fc.constant(list), at: fc.nat({ max: list - 1 }) })),
  ),
  { maxLength: 6 },
);

/** How many bits of React's id chain the steps take. */
const bitsOf = (path: readonly Step[]) =>
  path.reduce((sum, step) => sum + (step === "useId" ? 1 : 32 - Math.clz32(step.list)), 0);

test("a page rendered alone in the rebuilt lists has the ids it has in the whole document", () => {
  fc.assert(
    fc.property(steps, steps, (above, document) => {
      // Where React keeps the place in bits: past 30 it moves the oldest to a string,
      // which no probe can tell from bits (the comparison with the whole render does).
      fc.pre(bitsOf(above) + bitsOf(document) + 3 <= 30);
      const whole = renderToString(placed([...above, ...document], <Page />));
      const ids: Record<string, string> = {};
      // As the template is rendered: two ones above the document, two at the page's place.
      renderToString(placed([...above, "useId"], <Probe seen={(id) => (ids.above = id)} />));
      renderToString(
        placed(
          [...above, "useId", "useId", ...document, "useId"],
          <Probe seen={(id) => (ids.slot = id)} />,
        ),
      );
      const outer = chainOfProbe(ids.above!);
      const slot = chainOfProbe(ids.slot!);
      // Too deep for React's bits: the route is rendered whole, never wrong.
      fc.pre(outer !== null && slot !== null);
      const lists = listsFor(chainBetween(withOnes(outer!, 2), slot!)!);
      fc.pre(lists !== null);
      let alone: ReactNode = <Page />;
      for (const { length, index } of [...lists!].reverse()) {
        const list = new Array<ReactNode>(length).fill(null);
        list[index] = <div key="page">{alone}</div>;
        alone = list;
      }
      const page = renderToString(placed(above, alone));
      const sectionOf = (html: string) => /<section.*<\/section>/.exec(html)![0];
      expect(sectionOf(page)).toBe(sectionOf(whole));
    }),
    { numRuns: 300 },
  );
});

describe("the document's template", () => {
  const markers = markersOf("T0K3N");
  const nonce = "n0nce+/=";
  const handoff = handoffMarkup([{ done: true, value: "" }], nonce);
  const rendered =
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${markers.head}` +
    `<script nonce="${nonce}">a</script></head><body><div id="__next">${markers.body}</div>` +
    `<script id="__NEXT_DATA__" nonce="${nonce}">${markers.nextData}</script>` +
    `${handoff}</body></html>`;

  test("its holes are filled in place, the nonce wherever it was", () => {
    const template = templateOf(rendered, markers, nonce, handoff)!;
    expect(template.holes).toEqual([
      "viewport",
      "head",
      "nonce",
      "body",
      "nonce",
      "nextData",
      "handoff",
    ]);
    // Nothing of the document's own before the page's head elements: its styles may go there.
    expect(template.resourcesAtHead).toBe(true);
    const withIcon = rendered.replace(markers.head, `<link rel="icon" href="/i"/>${markers.head}`);
    expect(templateOf(withIcon, markers, nonce, handoff)!.resourcesAtHead).toBe(false);
    const html = fillTemplate(template, {
      nonce: "NEW",
      viewport: "",
      head: "<title>T</title>",
      body: "<p>page</p>",
      nextData: "{}",
      handoff: "<!--handoff-->",
    });
    expect(html).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>T</title>' +
        '<script nonce="NEW">a</script></head><body><div id="__next"><p>page</p></div>' +
        '<script id="__NEXT_DATA__" nonce="NEW">{}</script><!--handoff--></body></html>',
    );
  });

  test("a page's viewport goes after the charset and the document's viewport, before what the document hoists", () => {
    const hoisting = rendered.replace(
      `<meta charSet="utf-8"/>${markers.head}`,
      `<meta charSet="utf-8"/><meta name="viewport" content="doc"/><link rel="icon" href="/i"/>${markers.head}`,
    );
    const template = templateOf(hoisting, markers, nonce, handoff)!;
    const pageHead =
      '<meta name="viewport" content="a"/><meta name="viewport" content="b"/><title>T</title>';
    const values = pageHeadValues(template, pageHead);
    expect(values).toEqual({
      viewport: '<meta name="viewport" content="a"/><meta name="viewport" content="b"/>',
      head: "<title>T</title>",
    });
    const html = fillTemplate(template, { nonce, body: "", nextData: "", handoff, ...values });
    expect(html).toContain(
      '<head><meta charSet="utf-8"/><meta name="viewport" content="doc"/><meta name="viewport" content="a"/>' +
        '<meta name="viewport" content="b"/><link rel="icon" href="/i"/><title>T</title><script',
    );
    // A viewport later in the page's head is not React's first: it stays with the rest.
    expect(
      pageHeadValues(template, '<title>T</title><meta name="viewport" content="a"/>').viewport,
    ).toBe("");
  });

  test.each([
    ["a marker missing", rendered.replace(markers.body, "")],
    ["a marker twice", rendered.replace(markers.body, markers.body + markers.body)],
    ["the handoff not last in the body", rendered.replace(handoff, "")],
  ])("none is made of a document with %s", (_, html) => {
    expect(templateOf(html, markers, nonce, handoff)).toBeNull();
  });

  test("none when a marker is only inside the handoff", () => {
    const inHandoff = `<!--${markers.nextData}-->${handoff}`;
    const html = rendered.replace(markers.nextData, "").replace(handoff, inHandoff);
    expect(templateOf(html, markers, nonce, inHandoff)).toBeNull();
  });

  test("none with a nonce React would have escaped", () => {
    expect(templateOf(rendered, markers, 'a"b', handoff)).toBeNull();
  });

  test("a page rendered alone: its hoisted head elements, then its markup", () => {
    const alone = `<title>T</title><meta name="d"/>${markers.pageStart}<p>x</p><div></div></div>`;
    expect(pageParts(alone, markers)).toEqual({
      head: '<title>T</title><meta name="d"/>',
      body: "<p>x</p><div></div>",
    });
    expect(pageParts("<p>x</p>", markers)).toBeNull();
  });

  test.each([
    [
      "one chunk, then the end",
      [
        { done: false, value: '["a"]\n' },
        { done: true, value: "" },
      ],
      "N",
      '<!--$--><script nonce="N">window.__reactRouterContext.streamController.enqueue("[\\"a\\"]\\n");</script>' +
        '<!--$--><script nonce="N">window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$-->',
    ],
    [
      "a chunk that would close its script, without a nonce",
      [{ done: true, value: "</script><!--" }],
      undefined,
      '<!--$--><script>window.__reactRouterContext.streamController.enqueue("\\u003c/script\\u003e\\u003c!--");</script>' +
        "<script>window.__reactRouterContext.streamController.close();</script><!--/$-->",
    ],
  ])("React Router's handoff: %s", (_, chunks, handoffNonce, markup) => {
    expect(handoffMarkup(chunks, handoffNonce)).toBe(markup);
  });
});
