/**
 * The site's `instrumentation.ts`, as Next.js calls it (the hooks error
 * trackers and tracers use): listed by the Vite plugin (app/next/vite/plugin.ts),
 * called by the server (server/platform/instrumentation.ts).
 */
declare module "virtual:next-instrumentation" {
  export const instrumentation: {
    /** The file, relative to the site's folder: `instrumentation.ts`, `src/instrumentation.ts`. */
    readonly file: string;
    readonly module: {
      readonly register?: () => unknown;
      readonly onRequestError?: (error: unknown, request: unknown, context: unknown) => unknown;
    };
  } | null;
}
