/**
 * A page's document with holes, and the page put back into it (docs/decisions/033).
 *
 * Of a page rendered per request, only a few parts change from one request of
 * the same route, locale and host to the next: the response's nonce, the
 * page's own `<head>` elements (React hoists them into the head), the page's
 * markup, its `__NEXT_DATA__`, and React Router's handoff of its loader data at
 * the end of the body. The rest is kept, as a template whose holes are those
 * parts, read from a render in which the page's place held markers.
 */
import { scriptJson } from "../next/page/next-data.ts";

export type Hole = "nonce" | "viewport" | "head" | "body" | "nextData" | "handoff";

/** Literal parts with a hole between each two: `parts.length === holes.length + 1`. */
export interface DocumentTemplate {
  readonly parts: readonly string[];
  readonly holes: readonly Hole[];
  /**
   * Whether nothing of the document's own comes between `<head>` and the page's
   * head elements but the charset and viewport: then a page's styles and
   * preloads, which React queues before every hoisted element, go there too.
   */
  readonly resourcesAtHead: boolean;
}

/** What fills each hole for one request. */
export type HoleValues = Readonly<Record<Hole, string>>;

/** What a render writes where a hole is, named by a token no page can guess. */
export interface Markers {
  /** Hoisted into the head where the page's own head elements go. */
  readonly head: string;
  /** Where the page's markup goes. */
  readonly body: string;
  /** The text of `__NEXT_DATA__`. */
  readonly nextData: string;
  /** Opens the page's markup in a render of the page alone. */
  readonly pageStart: string;
}

export const HEAD_MARKER_NAME = "split-render-head";
export const BODY_MARKER_ATTRIBUTE = "data-split-render-body";
export const PAGE_MARKER_ATTRIBUTE = "data-split-render-page";

export function markersOf(token: string): Markers {
  return {
    head: `<meta name="${HEAD_MARKER_NAME}" content="${token}"/>`,
    body: `<template ${BODY_MARKER_ATTRIBUTE}="${token}"></template>`,
    nextData: `split-render-next-data:${token}`,
    pageStart: `<div ${PAGE_MARKER_ATTRIBUTE}="${token}">`,
  };
}

const DOCUMENT_END = "</body></html>";
/**
 * Where React writes a page's viewport `<meta>`: after the head's charset and
 * any viewport of the document's own, before everything else the document
 * puts in its head.
 */
const VIEWPORT_PLACE =
  /<head(?: [^>]*)?>(?:<meta charSet="[^"]*"\/>)?(?:<meta name="viewport" content="[^"]*"\/>)*/;
/** The viewport `<meta>`s React writes first in a page's head elements. */
const LEADING_VIEWPORTS = /^(?:<meta name="viewport" content="[^"]*"\/>)+/;
/** The document's head up to the page's head elements, when it holds only what React writes first. */
const ONLY_PREAMBLE_BEFORE =
  /<head(?: [^>]*)?>(?:<meta charSet="[^"]*"\/>)?(?:<meta name="viewport" content="[^"]*"\/>)?$/;
/** What React queues before hoisted elements: styles, scripts, preloads, preconnects. */
const QUEUED_RESOURCE =
  /<style|<script|<link rel="(?:stylesheet|preload|modulepreload|preconnect|dns-prefetch)"/;

/** Whether a page's head elements hold a resource React would queue before the document's own. */
export const queuedResources = (head: string) => QUEUED_RESOURCE.test(head);
const PAGE_END = "</div>";
/** A nonce React would write escaped (ours never is) is not a hole this can find. */
const PLAIN_NONCE = /^[A-Za-z0-9+/=_-]+$/;

/**
 * React Router's handoff of the loader data, as its `<ServerRouter>` writes it
 * when every chunk is ready: each chunk in a script inside a Suspense boundary
 * of its own, nested, then a script that closes the stream.
 */
export function handoffMarkup(
  chunks: readonly { readonly done: boolean; readonly value: string }[],
  nonce: string | undefined,
): string {
  const open = nonce === undefined ? "<script>" : `<script nonce="${nonce}">`;
  let markup = "";
  let boundaries = 0;
  for (const { done, value } of chunks) {
    markup += "<!--$-->";
    boundaries++;
    if (value) {
      markup += `${open}window.__reactRouterContext.streamController.enqueue(${scriptJson(value)});</script>`;
    }
    if (done) {
      markup += `${open}window.__reactRouterContext.streamController.close();</script>`;
      break;
    }
  }
  return markup + "<!--/$-->".repeat(boundaries);
}

/**
 * The template in `html`, a whole document rendered with the markers in the
 * page's place: each marker once, and the handoff (`handoff`, as this request's
 * data made it) last in the body. Null when the document is not of that shape:
 * that route is then rendered whole.
 */
export function templateOf(
  html: string,
  markers: Markers,
  nonce: string | undefined,
  handoff: string,
): DocumentTemplate | null {
  if (nonce !== undefined && !PLAIN_NONCE.test(nonce)) return null;
  const end = handoff + DOCUMENT_END;
  if (!html.endsWith(end)) return null;
  const found: { at: number; marker: string; hole: Hole }[] = [];
  for (const hole of ["head", "body", "nextData"] as const) {
    const marker = markers[hole];
    const at = html.indexOf(marker);
    if (at === -1 || html.indexOf(marker, at + 1) !== -1) return null;
    if (at + marker.length > html.length - end.length) return null;
    found.push({ at, marker, hole });
  }
  found.sort((a, b) => a.at - b.at);
  const parts = [""];
  const holes: Hole[] = [];
  const hole = (name: Hole) => {
    holes.push(name);
    parts.push("");
  };
  const literal = (text: string) => {
    const pieces = nonce === undefined ? [text] : text.split(nonce);
    parts[parts.length - 1] += pieces[0]!;
    for (const piece of pieces.slice(1)) {
      hole("nonce");
      parts[parts.length - 1] = piece;
    }
  };
  let from = 0;
  for (const { at, marker, hole: name } of found) {
    literal(html.slice(from, at));
    hole(name);
    from = at + marker.length;
  }
  literal(html.slice(from, html.length - end.length));
  hole("handoff");
  parts[parts.length - 1] = DOCUMENT_END;
  const headAt = holes.indexOf("head");
  const beforeHead = parts[headAt]!;
  // The page's viewport goes before what the document hoists, as React puts it.
  const place = VIEWPORT_PLACE.exec(beforeHead);
  if (place !== null) {
    const at = place.index + place[0].length;
    parts.splice(headAt, 1, beforeHead.slice(0, at), beforeHead.slice(at));
    holes.splice(headAt, 0, "viewport");
  }
  return { parts, holes, resourcesAtHead: ONLY_PREAMBLE_BEFORE.test(beforeHead) };
}

/**
 * A page's head elements as the template's holes take them: its leading
 * viewport `<meta>`s apart, when the template has a place for them.
 */
export function pageHeadValues(
  template: DocumentTemplate,
  head: string,
): Pick<HoleValues, "viewport" | "head"> {
  const viewport = template.holes.includes("viewport") ? LEADING_VIEWPORTS.exec(head)?.[0] : "";
  return viewport ? { viewport, head: head.slice(viewport.length) } : { viewport: "", head };
}

/** The document for one request. */
export function fillTemplate(template: DocumentTemplate, values: HoleValues): string {
  const { parts, holes } = template;
  let html = parts[0]!;
  for (let i = 0; i < holes.length; i++) html += values[holes[i]!] + parts[i + 1]!;
  return html;
}

/**
 * A render of the page alone, in the element that opens with `pageStart`: what
 * React hoisted before it (the page's head elements), and the page's markup.
 */
export function pageParts(
  html: string,
  markers: Markers,
): { readonly head: string; readonly body: string } | null {
  const at = html.indexOf(markers.pageStart);
  if (at === -1 || !html.endsWith(PAGE_END)) return null;
  const bodyAt = at + markers.pageStart.length;
  if (bodyAt > html.length - PAGE_END.length) return null;
  return { head: html.slice(0, at), body: html.slice(bodyAt, html.length - PAGE_END.length) };
}
