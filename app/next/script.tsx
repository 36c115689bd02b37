/**
 * `next/script`: a third-party or inline script, loaded when its `strategy`
 * says: `afterInteractive` (the default, once the page is hydrated),
 * `lazyOnload` (once the browser is idle after the page's load), or
 * `beforeInteractive` (in the server's HTML, before any of the page's code).
 * A script is loaded once per page load, however often it renders (by `id`,
 * else by `src`). Inline scripts carry the page's CSP nonce.
 */
import { useEffect, useRef, type ScriptHTMLAttributes } from "react";
import { useNonce } from "../nonce.ts";

export interface ScriptProps extends Omit<
  ScriptHTMLAttributes<HTMLScriptElement>,
  "onLoad" | "onError"
> {
  strategy?: "afterInteractive" | "lazyOnload" | "beforeInteractive" | "worker";
  id?: string;
  onLoad?: (event: Event) => void;
  onReady?: () => void | null;
  onError?: (event: Event) => void;
}

/** Scripts loaded or loading on this page, by key, with what waits for each. */
const loaded = new Map<string, Promise<void>>();

function inject(
  {
    src,
    id,
    children,
    dangerouslySetInnerHTML,
    onLoad,
    onError,
    strategy = "afterInteractive",
    onReady: _onReady,
    ...attributes
  }: ScriptProps,
  nonce: string | undefined,
): Promise<void> {
  const key = id ?? src;
  const known = key ? loaded.get(key) : undefined;
  if (known) return known;
  const script = document.createElement("script");
  const done = new Promise<void>((resolve, reject) => {
    script.addEventListener("load", (event) => {
      onLoad?.(event);
      resolve();
    });
    script.addEventListener("error", (event) => {
      onError?.(event);
      reject(new Error(`next/script: ${src ?? id} failed to load`));
    });
  });
  done.catch(() => {});
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    script.setAttribute(name === "className" ? "class" : name, String(value));
  }
  if (id) script.id = id;
  // As Next.js marks the scripts next/script adds (and tests and tools look for them so).
  script.setAttribute("data-nscript", strategy);
  const nonceValue =
    attributes.nonce ?? nonce ?? document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonceValue) script.nonce = nonceValue;
  if (src) script.src = src;
  else {
    const inline =
      dangerouslySetInnerHTML?.__html ?? (typeof children === "string" ? children : "");
    script.textContent = typeof inline === "string" ? inline : "";
  }
  if (key) loaded.set(key, src ? done : Promise.resolve());
  document.body.appendChild(script);
  return src ? done : Promise.resolve();
}

export default function Script(props: ScriptProps) {
  const { strategy = "afterInteractive", onReady } = props;
  const nonce = useNonce();
  // The latest props, for the callbacks of a script that loads after a render changed them.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  useEffect(() => {
    if (strategy === "beforeInteractive") return;
    const run = () =>
      void inject(latest.current, nonce).then(
        () => latest.current.onReady?.(),
        () => {},
      );
    if (strategy === "afterInteractive") {
      run();
      return;
    }
    // lazyOnload (and worker, which runs here as lazyOnload): after the load, when idle.
    const idle = () =>
      "requestIdleCallback" in window ? window.requestIdleCallback(run) : setTimeout(run, 1);
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    return () => window.removeEventListener("load", idle);
  }, [strategy, nonce, onReady]);

  if (strategy !== "beforeInteractive") return null;
  const {
    strategy: _strategy,
    onLoad: _load,
    onReady: _ready,
    onError: _error,
    ...attributes
  } = props;
  return <script {...attributes} nonce={props.nonce ?? nonce} data-nscript="beforeInteractive" />;
}
