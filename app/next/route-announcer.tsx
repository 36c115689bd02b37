/**
 * What a screen reader hears after a click to another page, as Next.js's
 * pages router says it: the new page's title, else its first heading, else
 * its path, in an assertive live region. Not for the first page a visitor
 * opens: their screen reader announces a loaded document itself. The region
 * is Next.js's, in the same place: `<p id="__next-route-announcer__">` in a
 * `<next-route-announcer>` element at the end of the body, visually hidden.
 */
import { useEffect, useRef } from "react";
import { useRouter } from "./router.tsx";

// Off-screen, still read (https://medium.com/@jessebeach/beware-smushed-off-screen-accessible-text-5952a4c2cbfe).
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  border: "0",
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: "0",
  position: "absolute",
  top: "0",
  width: "1px",
  whiteSpace: "nowrap",
  overflowWrap: "normal",
};

/** The announcement of a page just shown: its title, else its first heading, else its path. */
export function announcementOf(doc: Document, asPath: string): string {
  if (doc.title) return doc.title;
  const heading = doc.querySelector("h1");
  return heading?.innerText || heading?.textContent || asPath;
}

/**
 * The live region, kept up to date from outside React's tree: it renders
 * nothing itself, so the server's page and its hydration are as without it.
 */
export function RouteAnnouncer(): null {
  const { asPath } = useRouter();
  const region = useRef<HTMLElement | null>(null);
  const announced = useRef(asPath);

  useEffect(() => {
    const host = document.createElement("next-route-announcer");
    const paragraph = document.createElement("p");
    paragraph.id = "__next-route-announcer__";
    paragraph.setAttribute("aria-live", "assertive");
    paragraph.setAttribute("role", "alert");
    Object.assign(paragraph.style, VISUALLY_HIDDEN);
    host.appendChild(paragraph);
    document.body.appendChild(host);
    region.current = paragraph;
    return () => host.remove();
  }, []);

  useEffect(() => {
    if (announced.current === asPath) return;
    announced.current = asPath;
    if (region.current) region.current.textContent = announcementOf(document, asPath);
  }, [asPath]);

  return null;
}
