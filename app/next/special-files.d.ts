/** The site's special files (`_app`, `_document`, `_error`, `404`, `500`), listed by the Vite plugin (app/next/vite/plugin.ts). */
declare module "virtual:next-special-files" {
  export const specialFiles: Readonly<Record<string, unknown>>;
}
