/**
 * Which page answers an error status, as Next.js picks it: the site's `404` or
 * `500` page for those, its `_error` for the rest (or for those when it has no
 * such page), and Next.js's own error page when it has neither. Isomorphic.
 */
import type { ComponentType } from "react";
import { siteFiles } from "../site-files.ts";
import NextError from "../error.tsx";

export interface ErrorPage {
  readonly Component: ComponentType<Record<string, unknown>>;
  /** The router's `pathname` on it: `/404`, `/500` or `/_error`. */
  readonly pattern: string;
  readonly kind: "notFound" | "serverError" | "error" | "default";
}

/** `named`: `/_error` when that page was asked for by name (`router.push("/_error", as)`). */
export function errorPageOf(status: number, named?: "/_error"): ErrorPage {
  if (status === 404 && siteFiles.notFound && named === undefined) {
    return { Component: siteFiles.notFound.default, pattern: "/404", kind: "notFound" };
  }
  if (status === 500 && siteFiles.serverError && named === undefined) {
    return { Component: siteFiles.serverError.default, pattern: "/500", kind: "serverError" };
  }
  if (siteFiles.error)
    return { Component: siteFiles.error.default, pattern: "/_error", kind: "error" };
  return {
    Component: NextError as ComponentType<Record<string, unknown>>,
    pattern: "/_error",
    kind: "default",
  };
}
