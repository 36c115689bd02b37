/**
 * The split render of a page rendered per request (docs/decisions/033): the
 * document around the page is rendered once per route and locale, as a
 * template (template.ts); each request renders only the page, at the place in
 * React's tree it has in the document (chain.ts), and fills the template's
 * holes. Every route's first answers are rendered whole as well and compared,
 * byte for byte, before the split one is served; so is one in every
 * `CHECK_EVERY` after that. A route whose answers differ, or whose page or
 * document keeps failing to render alone, is rendered whole from then on, and
 * named once in the log.
 */
import type { EntryContext } from "react-router";
import { chainBetween, chainOfProbe, listsFor, withOnes, type ChainList } from "./chain.ts";
import type { SplitRender } from "./mode.ts";
import { PageAlone, TemplateDocument, TemplateSlot } from "./slots.tsx";
import {
  fillTemplate,
  handoffMarkup,
  markersOf,
  pageHeadValues,
  pageParts,
  queuedResources,
  templateOf,
  type DocumentTemplate,
  type Markers,
} from "./template.ts";

/** Answers compared with the whole render before a route's split ones are served. */
export const CHECKS_BEFORE_TRUST = 2;
/** After that, one answer in this many is compared again. */
export const CHECK_EVERY = 1000;
/** Failures in a row (a page that waits, a document that fails) before a route is refused. */
export const FAILURES_BEFORE_REFUSAL = 3;
/** Routes × locales kept; the least recently asked is dropped past this. */
const MAX_ROUTES = 1000;

/** Renders the app's document for a request's context, whole, or as `split` says. */
export type RenderHtml = (split: SplitRender | null, context: EntryContext) => Promise<string>;

/** What is known of a route: learned, refused, or failed to learn so many times. */
type Route =
  | {
      readonly template: DocumentTemplate;
      readonly lists: readonly ChainList[];
      checked: number;
      answered: number;
      failures: number;
    }
  | { readonly refused: true }
  | { readonly learning: number };
type Learned = Extract<Route, { template: DocumentTemplate }>;

/** Why a route is rendered whole: told once per route. */
export type Refusal = (key: string, reason: string) => void;

/** The loader data's handoff, when all of it is ready before the render (app/handoff.ts). */
function readyHandoff(context: EntryContext): { done: boolean; value: string }[] | null {
  const cache = context.renderMeta?.streamCache;
  if (!cache) return null;
  const chunks: { done: boolean; value: string }[] = [];
  for (let i = 0; ; i++) {
    const result = cache[i]?.result;
    if (!result) return null;
    chunks.push(result);
    if (result.done) return chunks;
  }
}

/**
 * The context for a render beside the answer's: its handoff read from the
 * cache only, so that the stream stays unread for whatever render comes next.
 */
const withUnreadStream = (context: EntryContext): EntryContext => ({
  ...context,
  serverHandoffStream: context.serverHandoffStream && new ReadableStream(),
});

const attempt = <T,>(render: () => Promise<T>): Promise<T | null> =>
  render().then(
    (value) => value,
    () => null,
  );

export function createSplitRenderer(token: string) {
  const markers: Markers = markersOf(token);
  const routes = new Map<string, Route>();

  /** Kept as the most recently asked. */
  const keep = (key: string, route: Route) => {
    routes.delete(key);
    routes.set(key, route);
    if (routes.size > MAX_ROUTES) routes.delete(routes.keys().next().value!);
  };

  const refuse = (key: string, reason: string, refused: Refusal): null => {
    keep(key, { refused: true });
    refused(key, reason);
    return null;
  };

  /** The route's template, from a render of its document with markers where the page goes. */
  async function learn(
    key: string,
    context: EntryContext,
    nonce: string | undefined,
    handoff: string,
    renderHtml: RenderHtml,
    tries: number,
    refused: Refusal,
  ): Promise<void> {
    const probes: { above?: string; slot?: string } = {};
    const render: SplitRender = {
      kind: "template",
      layout: (document) => (
        <TemplateDocument seen={(id) => (probes.above = id)}>
          {document(<TemplateSlot token={token} seen={(id) => (probes.slot = id)} />)}
        </TemplateDocument>
      ),
      nextDataText: markers.nextData,
    };
    const html = await attempt(() => renderHtml(render, withUnreadStream(context)));
    if (html === null) {
      // The page's whole render, next, reports what failed.
      if (tries + 1 < FAILURES_BEFORE_REFUSAL) return keep(key, { learning: tries + 1 });
      return void refuse(key, "its document fails to render with markers", refused);
    }
    const template = templateOf(html, markers, nonce, handoff);
    if (template === null)
      return void refuse(key, "its document is not of a template's shape", refused);
    const above = chainOfProbe(probes.above ?? "");
    const slot = chainOfProbe(probes.slot ?? "");
    const between = above && slot && chainBetween(withOnes(above, 2), slot);
    const lists = between && listsFor(between);
    if (!lists)
      return void refuse(key, "the page's place in the document cannot be rebuilt", refused);
    keep(key, { template, lists, checked: 0, answered: 0, failures: 0 });
  }

  /** The document with this request's page in it, or why not. */
  async function renderSplit(
    { template, lists }: Learned,
    context: EntryContext,
    nonce: string | undefined,
    handoff: string,
    renderHtml: RenderHtml,
  ): Promise<{ html: string } | { failure: string }> {
    let nextData: string | undefined;
    const render: SplitRender = {
      kind: "page",
      layout: (_document, page) => (
        <PageAlone token={token} lists={lists} nextData={(text) => (nextData = text)}>
          {page}
        </PageAlone>
      ),
    };
    const html = await attempt(() =>
      renderHtml(render, { ...context, serverHandoffStream: undefined }),
    );
    const page = html === null ? null : pageParts(html, markers);
    if (page === null || nextData === undefined) {
      return { failure: "its page fails, or waits for data, when rendered alone" };
    }
    // React puts a page's styles and preloads before any head element the document hoists.
    const { viewport, head } = pageHeadValues(template, page.head);
    if (!template.resourcesAtHead && queuedResources(head)) {
      return { failure: "its page's styles or preloads go before what its document hoists" };
    }
    const values = { nonce: nonce ?? "", viewport, head, body: page.body, nextData, handoff };
    return { html: fillTemplate(template, values) };
  }

  return {
    /**
     * The page's document from `key`'s template once it is trusted (checked
     * against the whole render), with the handoff already written: null when it
     * is not trusted, or the page fails or waits when rendered alone. For the
     * direct answer (app/direct/), which compares its own answers.
     */
    async trustedRender(
      key: string,
      context: EntryContext,
      nonce: string | undefined,
      handoff: string,
      renderHtml: RenderHtml,
    ): Promise<string | null> {
      const known = routes.get(key);
      if (known === undefined || !("template" in known) || known.checked < CHECKS_BEFORE_TRUST) {
        return null;
      }
      const split = await renderSplit(known, context, nonce, handoff, renderHtml);
      return "html" in split ? split.html : null;
    },

    /**
     * The page's document for this request (`split`: the split render's; else the
     * whole render it was checked against), or null: render it whole, as before.
     * `key` names its route and locale: what its document is the same for.
     */
    async answer(
      key: string,
      context: EntryContext,
      nonce: string | undefined,
      renderHtml: RenderHtml,
      refused: Refusal,
    ): Promise<{ readonly html: string; readonly split: boolean } | null> {
      const chunks = readyHandoff(context);
      if (chunks === null) return null;
      const handoff = handoffMarkup(chunks, nonce);
      const known = routes.get(key);
      if (known === undefined || "learning" in known) {
        // Refused while it is learned: the requests meanwhile are rendered whole.
        keep(key, { refused: true });
        await learn(key, context, nonce, handoff, renderHtml, known?.learning ?? 0, refused);
        return null;
      }
      if ("refused" in known) return null;
      keep(key, known);
      const split = await renderSplit(known, context, nonce, handoff, renderHtml);
      if ("failure" in split) {
        if (++known.failures >= FAILURES_BEFORE_REFUSAL) refuse(key, split.failure, refused);
        return null;
      }
      known.failures = 0;
      known.answered++;
      if (known.checked >= CHECKS_BEFORE_TRUST && known.answered % CHECK_EVERY !== 0) {
        return { html: split.html, split: true };
      }
      const whole = await attempt(() => renderHtml(null, withUnreadStream(context)));
      if (whole === null) return null;
      if (whole !== split.html) {
        let at = 0;
        while (whole[at] === split.html[at]) at++;
        refuse(key, `its split render differs from the whole one at character ${at}`, refused);
        return { html: whole, split: false };
      }
      known.checked++;
      return { html: whole, split: false };
    },
  };
}
