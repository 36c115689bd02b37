import { useRouter } from "next/router";
import { useLayoutEffect } from "react";

/**
 * Each router a page renders with, as `router.isReady` in
 * `window.readyValues`: a router that changes after hydration shows as a
 * second value.
 */
export function ReadyValues({ name }) {
  const router = useRouter();
  if (typeof window !== "undefined") {
    useLayoutEffect(() => {
      window.readyValues = [...(window.readyValues ?? []), router.isReady];
    }, [router]);
  }
  return <h1>{name}</h1>;
}
