/** Rendered in the browser only (next/dynamic with ssr: false). */
export default function BrowserOnly() {
  return (
    <p id="browser-only">rendered in {typeof window === "undefined" ? "server" : "browser"}</p>
  );
}
