/** next/head's dedupe, as Next.js's head reducer keeps elements (next/dist/shared/lib/head.js). */
import { expect, test } from "vitest";
import { uniqueHeadElements, type HeadElement } from "../../../app/next/routing/head.ts";

const el = (
  type: string,
  props: Record<string, unknown>,
  key: string | null = null,
): HeadElement => ({
  type,
  key,
  props,
});
const viewport = el("meta", { name: "viewport", content: "width=device-width" });

test.each<[string, HeadElement[], HeadElement[]]>([
  [
    "the last title wins",
    [el("title", { children: "App" }), el("title", { children: "Page" })],
    [el("title", { children: "Page" })],
  ],
  [
    "a keyed element replaces the earlier one with its key",
    [
      el("meta", { name: "description", content: "a" }, "d"),
      el("meta", { name: "description", content: "b" }, "d"),
    ],
    [el("meta", { name: "description", content: "b" }, "d")],
  ],
  [
    "unkeyed metas dedupe by name",
    [
      el("meta", { name: "description", content: "a" }),
      el("meta", { name: "description", content: "b" }),
    ],
    [el("meta", { name: "description", content: "b" })],
  ],
  [
    "keyed metas with one name stay, one per key",
    [el("meta", { name: "x", content: "a" }, "1"), el("meta", { name: "x", content: "b" }, "2")],
    [el("meta", { name: "x", content: "a" }, "1"), el("meta", { name: "x", content: "b" }, "2")],
  ],
  [
    "one charset",
    [el("meta", { charSet: "utf-8" }), el("meta", { charSet: "latin1" })],
    [el("meta", { charSet: "latin1" })],
  ],
  [
    "property metas (Open Graph) dedupe by httpEquiv and itemProp, not property",
    [
      el("meta", { property: "og:image", content: "1" }),
      el("meta", { property: "og:image", content: "2" }),
    ],
    [
      el("meta", { property: "og:image", content: "1" }),
      el("meta", { property: "og:image", content: "2" }),
    ],
  ],
  [
    "links are all kept",
    [el("link", { rel: "icon", href: "a" }), el("link", { rel: "icon", href: "b" })],
    [el("link", { rel: "icon", href: "a" }), el("link", { rel: "icon", href: "b" })],
  ],
])("%s", (_, elements, expected) => {
  expect(uniqueHeadElements(elements)).toEqual(expected);
});

test("the default viewport gives way to a page's, keyed or not", () => {
  const page = el("meta", { name: "viewport", content: "width=device-width, initial-scale=1" });
  expect(uniqueHeadElements([page], [viewport])).toEqual([page]);
  const keyed = { ...page, key: "viewport" };
  expect(uniqueHeadElements([keyed], [viewport])).toEqual([keyed]);
  // Defaults first, as Next.js's head has them.
  expect(uniqueHeadElements([el("title", { children: "x" })], [viewport])).toEqual([
    viewport,
    el("title", { children: "x" }),
  ]);
});
