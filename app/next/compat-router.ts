/**
 * `next/compat/router`: `useRouter()` that answers null outside a page of the
 * pages folder instead of throwing, for components shared with other apps.
 */
import { useContext } from "react";
import { RouterContext, type NextRouter } from "./router.tsx";

export function useRouter(): NextRouter | null {
  return useContext(RouterContext);
}
