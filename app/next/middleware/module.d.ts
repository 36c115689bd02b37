/** The site's middleware, found by the Vite plugin (app/next/vite/plugin.ts). */
declare module "virtual:next-middleware" {
  /** Whether the site has one: in the browser, what a click must know. */
  export const hasMiddleware: boolean;
  /**
   * The browser's: its matcher compiled (browser-matchers.ts), or null when it
   * runs for every path or its matcher is not a literal. Null on the server.
   */
  export const middlewareMatchers:
    readonly { readonly regexp: string; readonly originalSource: string }[] | null;
  /** The server's: the file (`app/middleware.ts`), its Next.js name, and its module. Null in the browser. */
  export const nextMiddleware: {
    readonly file: string;
    readonly name: "middleware" | "proxy";
    readonly module: Record<string, unknown>;
  } | null;
}
