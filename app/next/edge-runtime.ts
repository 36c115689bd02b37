/**
 * Whether a page's or API route's `config` asks for Next.js's Edge runtime
 * (`export const config = { runtime: "edge" }`, or its older name
 * `"experimental-edge"`). The shell runs such code in Node, beside the rest;
 * what the choice still changes is what Next.js does with it: an Edge page is
 * rendered per request, never at build, and an Edge API route takes a Web
 * `Request` and returns a `Response` (server/steps/api/edge.ts).
 */
export function isEdgeRuntime(config: unknown): boolean {
  const runtime = (config as { runtime?: unknown } | undefined)?.runtime;
  return runtime === "edge" || runtime === "experimental-edge";
}
