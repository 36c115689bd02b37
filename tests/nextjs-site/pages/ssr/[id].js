import { Props } from "../../lib/observe.js";

/** Echoes what getServerSideProps was given. */
export async function getServerSideProps(context) {
  const { params, query, resolvedUrl, locale, locales, defaultLocale, req, res } = context;
  res.setHeader("X-Fixture", "ssr");
  return {
    props: {
      keys: Object.keys(context).sort(),
      params: params ?? null,
      query,
      resolvedUrl,
      locale: locale ?? null,
      locales: locales ?? null,
      defaultLocale: defaultLocale ?? null,
      reqUrl: req.url,
      cookies: req.cookies,
      method: req.method,
    },
  };
}

export default function Ssr(props) {
  return (
    <main>
      <h1>SSR {props.params?.id}</h1>
      <Props value={props} />
    </main>
  );
}
