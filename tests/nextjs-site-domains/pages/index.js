import Link from "next/link";
import { RouterState } from "../components/router-state";

export default function Home() {
  return (
    <main>
      <h1>Locales by domain</h1>
      <Link href="/about" id="about">
        about
      </Link>
      <Link href="/about" locale="en" id="about-en">
        about (en)
      </Link>
      <Link href="/about" locale="fr" id="about-fr">
        about (fr)
      </Link>
      <Link href="/about" locale="nl-BE" id="about-nl-be">
        about (nl-BE)
      </Link>
      <Link href="/about" locale="de" id="about-de">
        about (de)
      </Link>
      <Link href="/" locale="nl-NL" id="home-nl">
        home (nl-NL)
      </Link>
      <RouterState />
    </main>
  );
}
