import Link from "next/link";
import { Shown } from "../lib/shown.js";

export default function Home() {
  return (
    <main>
      <h1>Plain home</h1>
      <Link href="/en/about" id="about">
        about
      </Link>
      <Link href="/en/docs/intro?x=1" id="docs">
        docs
      </Link>
      <Link href="/en/static" id="static">
        static
      </Link>
      <Shown />
    </main>
  );
}
