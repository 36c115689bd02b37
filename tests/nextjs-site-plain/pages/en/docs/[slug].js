import { Shown } from "@/lib/shown.js";

/** What getServerSideProps is told: no locale on a site without i18n; req.url. */
export async function getServerSideProps({
  params,
  query,
  locale,
  locales,
  defaultLocale,
  resolvedUrl,
  req,
}) {
  return {
    props: {
      // A data request's own URL, as Next.js gives it without i18n; each runtime's
      // build id is its own, so it is named, not shown.
      reqUrl: req.url.replace(/^\/_next\/data\/[^/]+\//, "/_next/data/<build>/"),
      params,
      query,
      resolvedUrl,
      locale: locale ?? null,
      locales: locales ?? null,
      defaultLocale: defaultLocale ?? null,
    },
  };
}

export default function Doc(props) {
  return (
    <main>
      <h1>Doc {props.params.slug}</h1>
      <Shown props={props} />
    </main>
  );
}
