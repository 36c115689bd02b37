import { data } from "react-router";
import { isLocale } from "../routing/locale.ts";
import type { Route } from "./+types/locale";

// The loader reads only the URL: it does not stop a page from being rendered once.
export const renderOnce = true;

/**
 * The optional first segment of every page's path (`/fr/about`): a locale, or
 * no page at all. `/xx/about` and `/nope` are 404s, rendered as every other 404 by
 * the root error boundary, with the root's data (its loader ran beside this one).
 */
export function loader({ params }: Route.LoaderArgs) {
  if (params.locale !== undefined && !isLocale(params.locale)) throw data(null, { status: 404 });
  return null;
}

// No component: a layout route without one renders its child route.
