/**
 * What the root route's layout renders in the split render's two kinds of
 * render (docs/decisions/033): the parts that stand in the page's place in the
 * template, and the page alone at the place it has in the document. Server only.
 */
import { Fragment, useId, type ReactNode } from "react";
import { useNextDataText } from "../next/next-data-script.tsx";
import type { ChainList } from "./chain.ts";
import { BODY_MARKER_ATTRIBUTE, HEAD_MARKER_NAME, PAGE_MARKER_ATTRIBUTE } from "./template.ts";

/** Adds the 1 of a component that called `useId` to the place of what it renders. */
function One({ children }: { children: ReactNode }) {
  useId();
  return children;
}

/** Reads its own place: under `One`, the chain above it ends in a known 1 (chain.ts). */
function Probe({ seen, children }: { seen: (id: string) => void; children: ReactNode }) {
  seen(useId());
  return children;
}

/** The document of a template, with a probe of the place above it. */
export function TemplateDocument({
  seen,
  children,
}: {
  seen: (id: string) => void;
  children: ReactNode;
}) {
  return (
    <One>
      <Probe seen={seen}>{children}</Probe>
    </One>
  );
}

/** What a template holds where the page goes: a probe, and a marker for each hole. */
export function TemplateSlot({ token, seen }: { token: string; seen: (id: string) => void }) {
  return (
    <One>
      <Probe seen={seen}>
        <meta name={HEAD_MARKER_NAME} content={token} />
        <template {...{ [BODY_MARKER_ATTRIBUTE]: token }} />
      </Probe>
    </One>
  );
}

/** Hands the page's `__NEXT_DATA__` text to the render's caller. */
function NextDataOf({ seen, children }: { seen: (text: string) => void; children: ReactNode }) {
  seen(useNextDataText());
  return children;
}

/** `page` inside nested lists that put it where `lists` say (chain.ts). */
function nestedIn(lists: readonly ChainList[], page: ReactNode): ReactNode {
  let node: ReactNode = <Fragment key="page">{page}</Fragment>;
  for (let i = lists.length - 1; i >= 0; i--) {
    const { length, index } = lists[i]!;
    const list = new Array<ReactNode>(length).fill(null);
    list[index] = node;
    node = list;
  }
  return node;
}

/** The page alone, at its place in the document, after a marker of where its markup starts. */
export function PageAlone({
  token,
  lists,
  nextData,
  children,
}: {
  token: string;
  lists: readonly ChainList[];
  nextData: (text: string) => void;
  children: ReactNode;
}) {
  return (
    <div {...{ [PAGE_MARKER_ATTRIBUTE]: token }}>
      <NextDataOf seen={nextData}>{nestedIn(lists, children)}</NextDataOf>
    </div>
  );
}
