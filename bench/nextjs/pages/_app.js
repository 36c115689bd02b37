// The main app's stylesheet (app/app.css), copied: the same CSS on every page.
import "../styles/app.css";

export default function App({ Component, pageProps }) {
  return <Component {...pageProps} />;
}
