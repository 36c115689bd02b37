import dynamic from "next/dynamic";

const BrowserOnly = dynamic(() => import("../lib/browser-only.js"), {
  ssr: false,
  loading: () => <p id="loading">loading</p>,
});

export default function DynamicPage() {
  return (
    <main>
      <h1>Dynamic</h1>
      <BrowserOnly />
    </main>
  );
}
