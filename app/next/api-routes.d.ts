/** The build's API routes, listed by the Vite plugin (app/next/vite/plugin.ts). */
declare module "virtual:next-api-routes" {
  import type { ApiRouteEntry } from "./api-route.ts";
  export const apiRoutes: readonly ApiRouteEntry[];
}
