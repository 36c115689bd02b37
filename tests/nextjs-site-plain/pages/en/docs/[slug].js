import { Shown } from "@/lib/shown.js";

/** What getServerSideProps is told: no locale on a site without i18n. */
export async function getServerSideProps({
  params,
  query,
  locale,
  locales,
  defaultLocale,
  resolvedUrl,
}) {
  return {
    props: {
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
