/**
 * `next/head`: elements for the page's `<head>`, from anywhere in the tree.
 * Every mounted `<Head>` hands its children to the page's head store; one
 * `<HeadElements>`, rendered after the app, renders the ones that stay
 * (routing/head.ts) where React 19 hoists them: `<title>`, `<meta>` and
 * `<link>` into the document's head, on the server and in the browser alike.
 */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import { uniqueHeadElements, type HeadElement } from "./routing/head.ts";

/** The `<Head>` children of one page: registered as they render, in mount order. */
export class HeadStore {
  #next = 0;
  readonly #entries = new Map<number, { order: number; elements: HeadElement[] }>();
  readonly #listeners = new Set<() => void>();
  #version = 0;

  /** An order for a `<Head>` that mounts now: later ones win over earlier ones. */
  nextOrder(): number {
    return this.#next++;
  }

  set(order: number, elements: HeadElement[]): void {
    const before = this.#entries.get(order);
    if (before && sameElements(before.elements, elements)) return;
    this.#entries.set(order, { order, elements });
    this.#changed();
  }

  delete(order: number): void {
    if (this.#entries.delete(order)) this.#changed();
  }

  /** Every registered element, in mount order. */
  elements(): HeadElement[] {
    return [...this.#entries.values()]
      .sort((a, b) => a.order - b.order)
      .flatMap((entry) => entry.elements);
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  version = () => this.#version;

  #changed(): void {
    this.#version++;
    // Told after the render that changed it: a store set during render notifies later.
    queueMicrotask(() => {
      for (const listener of this.#listeners) listener();
    });
  }
}

function sameElements(a: readonly HeadElement[], b: readonly HeadElement[]): boolean {
  return (
    a.length === b.length &&
    a.every((element, i) => {
      const other = b[i]!;
      if (element.type !== other.type || element.key !== other.key) return false;
      const keys = Object.keys(element.props);
      return (
        keys.length === Object.keys(other.props).length &&
        keys.every((key) => Object.is(element.props[key], other.props[key]))
      );
    })
  );
}

export const HeadStoreContext = createContext<HeadStore | null>(null);

/** The elements of a `<Head>`'s children: fragments flattened, text and nulls dropped. */
function headElementsOf(children: ReactNode): HeadElement[] {
  const out: HeadElement[] = [];
  const visit = (node: ReactNode) => {
    Children.forEach(node, (child) => {
      if (!isValidElement(child)) return;
      if (child.type === Fragment) {
        visit((child.props as { children?: ReactNode }).children);
        return;
      }
      if (typeof child.type !== "string") return;
      out.push({
        type: child.type,
        key: child.key === null ? null : String(child.key),
        props: child.props as Record<string, unknown>,
      });
    });
  };
  visit(children);
  return out;
}

/** `next/head`'s `<Head>`: its children go to the document's head. */
export default function Head({ children }: { children?: ReactNode }) {
  const store = useContext(HeadStoreContext);
  const [order] = useState(() => store?.nextOrder() ?? 0);
  // Registered while rendering, as Next.js registers them, so that the server's
  // single pass and the browser's hydration see the same head.
  store?.set(order, headElementsOf(children));
  useEffect(() => () => store?.delete(order), [store, order]);
  return null;
}

/**
 * Next.js's own head, which a page's elements of the same kind replace (its
 * charset is the document's own, first in the head).
 */
const DEFAULT_HEAD: HeadElement[] = [
  { type: "meta", key: null, props: { name: "viewport", content: "width=device-width" } },
];

/** A `<title>` whose children are one string, as React 19 wants it. */
function titleText(children: unknown): string {
  if (Array.isArray(children)) return children.map(titleText).join("");
  return children === null || children === undefined || typeof children === "boolean"
    ? ""
    : String(children);
}

function renderElement(element: HeadElement, index: number): ReactElement {
  const Tag = element.type as "meta";
  const props = { ...element.props };
  if (element.type === "title") props.children = titleText(props.children);
  return <Tag key={element.key ?? `${element.type}-${index}`} {...props} />;
}

/** Renders the head elements that stay; placed after the app, so every `<Head>` has registered. */
export function HeadElements({ store }: { store: HeadStore }) {
  useSyncExternalStore(store.subscribe, store.version, store.version);
  return <>{uniqueHeadElements(store.elements(), DEFAULT_HEAD).map(renderElement)}</>;
}
