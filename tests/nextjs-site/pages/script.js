import Script from "next/script";
import { useState } from "react";

export default function ScriptPage() {
  const [ready, setReady] = useState(false);
  return (
    <main>
      <h1>Script</h1>
      <Script id="inline-fixture" strategy="afterInteractive">
        {`window.__inlineScriptRan = (window.__inlineScriptRan || 0) + 1;`}
      </Script>
      <Script src="/fixture-script.js" onReady={() => setReady(true)} />
      <p id="script-ready">{ready ? "ready" : "waiting"}</p>
    </main>
  );
}
