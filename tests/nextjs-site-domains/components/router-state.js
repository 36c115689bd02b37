import { useRouter } from "next/router";

/** The router's locale fields, as JSON the suite reads. */
export function RouterState() {
  const { locale, locales, defaultLocale, domainLocales, isLocaleDomain, asPath } = useRouter();
  const state = { locale, locales, defaultLocale, domainLocales, isLocaleDomain, asPath };
  return <pre id="router">{JSON.stringify(state)}</pre>;
}
