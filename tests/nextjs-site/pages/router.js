import { useRouter } from "next/router";
import Link from "next/link";

/** Buttons for each router method; the suite clicks them and reads window.__routerEvents. */
export default function RouterPage() {
  const router = useRouter();
  return (
    <main>
      <h1>Router</h1>
      <button id="push" onClick={() => router.push("/ssr/two?from=router")}>
        push
      </button>
      <button
        id="push-object"
        onClick={() => router.push({ pathname: "/ssr/[id]", query: { id: "three", q: "x" } })}
      >
        push object
      </button>
      <button id="push-hash" onClick={() => router.push("/router#section")}>
        push hash
      </button>
      <button id="replace" onClick={() => router.replace("/about")}>
        replace
      </button>
      <button
        id="shallow"
        onClick={() => router.push("/router?step=2", undefined, { shallow: true })}
      >
        shallow
      </button>
      <button id="locale" onClick={() => router.push("/about", undefined, { locale: "fr" })}>
        locale
      </button>
      <button id="back" onClick={() => router.back()}>
        back
      </button>
      <Link href="/ssg/first" id="link-ssg">
        SSG first
      </Link>
      <p id="section">section</p>
    </main>
  );
}
