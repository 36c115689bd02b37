import { Props } from "../lib/observe.js";

/** Props from getInitialProps: on the server for a document, in the browser for a click. */
function InitialProps(props) {
  return (
    <main>
      <h1>Initial props</h1>
      <Props value={props} />
    </main>
  );
}

InitialProps.getInitialProps = async ({ req, query, pathname, asPath, locale }) => ({
  side: req ? "server" : "browser",
  query,
  pathname,
  asPath,
  locale: locale ?? null,
});

export default InitialProps;
