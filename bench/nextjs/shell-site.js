/**
 * What the shell gives the example site's pages (`@shell/site`,
 * app/next/shell-site.ts), as Next.js can give it: the public origin is
 * NEXT_PUBLIC_ORIGIN, baked in at build time, and a language choice is not
 * remembered (this peer does no locale detection).
 */
import { useRouter } from "next/router";

const ORIGIN = process.env.NEXT_PUBLIC_ORIGIN || "http://localhost:3000";

export const usePublicOrigin = () => ORIGIN;

/** The absolute URL of the page shown in each locale; the default locale has no prefix. */
export function useCanonicalUrl() {
  const router = useRouter();
  const path = router.asPath.split(/[?#]/)[0] || "/";
  return (locale) =>
    ORIGIN + (locale === router.defaultLocale ? path : `/${locale}${path === "/" ? "" : path}`);
}

export const useLocaleChoice = () => () => {};
