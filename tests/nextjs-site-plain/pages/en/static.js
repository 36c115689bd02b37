import { Shown } from "../../lib/shown.js";

/** What getStaticProps is told: no locale on a site without i18n. */
export async function getStaticProps({ locale, locales, defaultLocale }) {
  return {
    props: {
      locale: locale ?? null,
      locales: locales ?? null,
      defaultLocale: defaultLocale ?? null,
    },
  };
}

export default function Static(props) {
  return (
    <main>
      <h1>Static, in the en folder</h1>
      <Shown props={props} />
    </main>
  );
}
