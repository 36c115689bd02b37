import { RouterState } from "../components/router-state";

export default function About(props) {
  return (
    <main>
      <h1>About</h1>
      <pre id="props">{JSON.stringify(props)}</pre>
      <RouterState />
    </main>
  );
}

export function getServerSideProps({ locale, locales, defaultLocale }) {
  return { props: { locale, locales, defaultLocale } };
}
