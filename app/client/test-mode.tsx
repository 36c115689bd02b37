import { useEffect } from "react";

declare global {
  interface Window {
    /** Set once the page hydrated, in a build made in Next.js's test mode. */
    __NEXT_HYDRATED?: boolean;
    /** What a test asked to be called on hydration (Next.js's test library sets it). */
    __NEXT_HYDRATED_CB?: () => void;
  }
}

/**
 * Whether the build was made in Next.js's test mode (`__NEXT_TEST_MODE` set for
 * `npm run build`, as Next.js's own tests set it for `next build`): the value is
 * written into the browser's code at build, undefined otherwise.
 */
export const isTestModeBuild = Boolean(process.env.__NEXT_TEST_MODE);

/**
 * Marks the page hydrated as Next.js's client does in test mode: the
 * `window.__NEXT_HYDRATED` flag and callback its tests wait for before they
 * click. Renders nothing.
 */
export function HydrationMark() {
  useEffect(() => {
    window.__NEXT_HYDRATED = true;
    window.__NEXT_HYDRATED_CB?.();
  }, []);
  return null;
}
