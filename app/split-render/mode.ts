/**
 * How the server is rendering the document (the split render, docs/decisions/033):
 * null in the browser and in a whole render. Kept to a type and a context, so
 * that the browser's bundle carries nothing of the split render.
 */
import { createContext, useContext, type ReactNode } from "react";

export interface SplitRender {
  readonly kind: "template" | "page";
  /**
   * What the root route's layout renders, given the site's document around
   * some main part, and the page: the document with markers where the page
   * goes (a template), or the page alone at its place in the document.
   */
  readonly layout: (document: (main: ReactNode) => ReactNode, page: ReactNode) => ReactNode;
  /** What `__NEXT_DATA__` holds in a template: a marker, not a page's data. */
  readonly nextDataText?: string;
}

export const SplitRenderContext = createContext<SplitRender | null>(null);

export const useSplitRender = () => useContext(SplitRenderContext);
