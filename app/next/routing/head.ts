/**
 * Which `next/head` elements make the page's head, as Next.js picks them: every
 * mounted `<Head>`'s children in mount order, then the defaults, the last one
 * of a kind winning: one `<title>` and one `<base>`, one `<meta charSet>`, one
 * `<meta>` per `name` (unless keyed), `httpEquiv` and `itemProp` value, and one
 * element per `key`.
 */

/** A head element as the dedupe sees it: its tag, its React key, its props. */
export interface HeadElement {
  readonly type: string;
  readonly key: string | null;
  readonly props: Readonly<Record<string, unknown>>;
}

const META_TYPES = ["name", "httpEquiv", "charSet", "itemProp"] as const;

/**
 * The elements that stay, in their order: `elements` as mounted, `defaults`
 * (what Next.js's own head holds: the charset and viewport) losing to any of them.
 */
export function uniqueHeadElements(
  elements: readonly HeadElement[],
  defaults: readonly HeadElement[] = [],
): HeadElement[] {
  const keys = new Set<string>();
  const tags = new Set<string>();
  const metaTypes = new Set<string>();
  const metaCategories = new Map<string, Set<unknown>>();
  const isUnique = (element: HeadElement): boolean => {
    let unique = true;
    const hasKey = element.key !== null;
    if (hasKey) {
      if (keys.has(element.key!)) unique = false;
      else keys.add(element.key!);
    }
    if (element.type === "title" || element.type === "base") {
      if (tags.has(element.type)) unique = false;
      else tags.add(element.type);
    } else if (element.type === "meta") {
      for (const metaType of META_TYPES) {
        if (!Object.hasOwn(element.props, metaType)) continue;
        if (metaType === "charSet") {
          if (metaTypes.has(metaType)) unique = false;
          else metaTypes.add(metaType);
          continue;
        }
        const category = element.props[metaType];
        const categories = metaCategories.get(metaType) ?? new Set<unknown>();
        // A keyed <meta name> may repeat its name (Next.js: one per key).
        if ((metaType !== "name" || !hasKey) && categories.has(category)) unique = false;
        else {
          categories.add(category);
          metaCategories.set(metaType, categories);
        }
      }
    }
    return unique;
  };
  // Last one wins: walk from the end, defaults after everything else.
  return [...elements]
    .reverse()
    .concat([...defaults].reverse())
    .filter(isUnique)
    .reverse();
}
