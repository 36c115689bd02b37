/**
 * The site's global stylesheets that travel in the document: the small ones
 * `_app` imports (`import "../styles/global.css"`), which the build turns into
 * their text (app/next/vite/plugin.ts). A linked stylesheet is a request that
 * stands between the document and its first paint; a small one costs less in
 * the page than that round trip. Rendered by next/document's `<Head>`.
 */
const styles: string[] = [];

export function addInlineStyle(css: string): void {
  if (!styles.includes(css)) styles.push(css);
}

export const inlineStyles = (): readonly string[] => styles;
