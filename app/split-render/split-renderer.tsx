/**
 * The split render of a page rendered per request (docs/split-render.md): the
 * document around the page is rendered once per route, locale and host, as a
 * template (template.ts); each request renders only the page, at the place in
 * React's tree it has in the document (chain.ts), and fills the template's
 * holes. Every route's first answers are rendered whole as well and compared,
 * byte for byte, before the split one is served; so is one in every
 * `CHECK_EVERY` after that. A route whose answers differ is rendered whole
 * from then on, and named once in the log.
 */
import type { EntryContext } from "react-router";
import { chainBetween, chainOfProbe, listsFor, withOnes, type ChainList } from "./chain.ts";
import type { SplitRender } from "./mode.ts";
import { PageAlone, TemplateDocument, TemplateSlot } from "./slots.tsx";
import {
  fillTemplate,
  handoffMarkup,
  markersOf,
  pageParts,
  templateOf,
  type DocumentTemplate,
  type Markers,
} from "./template.ts";

/** Answers compared with the whole render before a route's split ones are served. */
export const CHECKS_BEFORE_TRUST = 2;
/** After that, one answer in this many is compared again. */
export const CHECK_EVERY = 1000;
/** Routes × locales × hosts kept; the oldest is dropped past this (a host is the client's to name). */
const MAX_TEMPLATES = 500;

/** Renders the app's document for a request's context, whole, or as `split` says. */
export type RenderHtml = (split: SplitRender | null, context: EntryContext) => Promise<string>;

interface Kept {
  readonly template: DocumentTemplate;
  readonly lists: readonly ChainList[];
  checked: number;
  answered: number;
}

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

export function createSplitRenderer(token: string) {
  const markers: Markers = markersOf(token);
  /** A route's template, or null once it is refused. */
  const kept = new Map<string, Kept | null>();

  const refuse = (key: string, reason: string, refused: Refusal): null => {
    kept.set(key, null);
    refused(key, reason);
    return null;
  };

  async function learn(
    key: string,
    context: EntryContext,
    nonce: string | undefined,
    handoff: string,
    renderHtml: RenderHtml,
    refused: Refusal,
  ): Promise<void> {
    if (kept.size >= MAX_TEMPLATES) kept.delete(kept.keys().next().value!);
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
    let html: string;
    try {
      html = await renderHtml(render, withUnreadStream(context));
    } catch {
      // The page's whole render, next, reports what failed.
      return void kept.delete(key);
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
    kept.set(key, { template, lists, checked: 0, answered: 0 });
  }

  async function renderSplit(
    { template, lists }: Kept,
    context: EntryContext,
    nonce: string | undefined,
    handoff: string,
    renderHtml: RenderHtml,
  ): Promise<string | null> {
    let nextData: string | undefined;
    const render: SplitRender = {
      kind: "page",
      layout: (_document, page) => (
        <PageAlone token={token} lists={lists} nextData={(text) => (nextData = text)}>
          {page}
        </PageAlone>
      ),
    };
    let html: string;
    try {
      html = await renderHtml(render, { ...context, serverHandoffStream: undefined });
    } catch {
      return null;
    }
    const page = pageParts(html, markers);
    if (page === null || nextData === undefined) return null;
    return fillTemplate(template, {
      nonce: nonce ?? "",
      head: page.head,
      body: page.body,
      nextData,
      handoff,
    });
  }

  return {
    /**
     * The page's document for this request (`split`: the split render's; else the
     * whole render it was checked against), or null: render it whole, as before. `key` names its route, locale and host: what its document is the
     * same for.
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
      const known = kept.get(key);
      if (known === null) return null;
      if (known === undefined) {
        kept.set(key, null);
        await learn(key, context, nonce, handoff, renderHtml, refused);
        return null;
      }
      const split = await renderSplit(known, context, nonce, handoff, renderHtml);
      if (split === null) return null;
      known.answered++;
      if (known.checked >= CHECKS_BEFORE_TRUST && known.answered % CHECK_EVERY !== 0) {
        return { html: split, split: true };
      }
      let whole: string;
      try {
        whole = await renderHtml(null, withUnreadStream(context));
      } catch {
        return null;
      }
      if (whole !== split) {
        let at = 0;
        while (whole[at] === split[at]) at++;
        refuse(key, `its split render differs from the whole one at character ${at}`, refused);
        return { html: whole, split: false };
      }
      known.checked++;
      return { html: whole, split: false };
    },
  };
}

export type SplitRenderer = ReturnType<typeof createSplitRenderer>;
