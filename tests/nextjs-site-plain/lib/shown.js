import { useRouter } from "next/router";

/** The router's fields and the page's props, as JSON in the page, where the suite reads them. */
export function Shown({ props }) {
  const { pathname, query, asPath, locale, locales, defaultLocale, isReady } = useRouter();
  return (
    <>
      <pre id="router">
        {JSON.stringify({ pathname, query, asPath, locale, locales, defaultLocale, isReady })}
      </pre>
      <pre id="props">{JSON.stringify(props ?? null)}</pre>
    </>
  );
}
