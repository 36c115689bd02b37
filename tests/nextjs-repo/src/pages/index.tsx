import { NextPage } from "next";
import localFont from "next/font/local";
import Link from "next/link";
import { useEffect, useState } from "react";
import { shout } from "team-utils";
import { Badge } from "@/components/Badge";
import { Greeting } from "@/components/Greeting";
import tools from "@/styles/Tools.module.scss";

// The team's font, a file of its repository (Open Sans, Apache License 2.0: src/fonts/).
const openSans = localFont({
  src: "../fonts/OpenSans-Regular.woff2",
  variable: "--font-open-sans",
});

/** What the browser's code sees of a variable that is not NEXT_PUBLIC_: nothing. */
function ServerOnlyInBrowser() {
  const [seen, setSeen] = useState("not yet");
  useEffect(() => setSeen(String(process.env.SERVER_TOKEN)), []);
  return <p id="secret-in-browser">{seen}</p>;
}

/** What the browser's code reads of a NEXT_PUBLIC_ variable once it runs. */
function StageInBrowser() {
  const [seen, setSeen] = useState("not yet");
  useEffect(() => setSeen(String(process.env.NEXT_PUBLIC_STAGE)), []);
  return <p id="stage-in-browser">{seen}</p>;
}

const Home: NextPage = () => (
  <main>
    <h1>Team site</h1>
    <p id="team-name">{process.env.TEAM_NAME}</p>
    <p className={openSans.variable}>
      <span id="font-sample" className={openSans.className}>
        Typeset in the team font
      </span>
      <span id="font-by-variable" style={{ fontFamily: "var(--font-open-sans)" }}>
        and by its variable
      </span>
    </p>
    <Greeting name="visitor" />
    <Badge tone="rgb(0, 128, 0)" />
    <span id="plain-span">plain</span>
    <p id="tools" className={`${tools.note} text-3xl underline`}>
      Sass and <em id="tools-em">Tailwind</em>
    </p>
    <p id="stage">{process.env.NEXT_PUBLIC_STAGE}</p>
    <p id="shout">{shout("team")}</p>
    <ServerOnlyInBrowser />
    <StageInBrowser />
    <Link href="/posts/first" id="first-post">
      First post
    </Link>
  </main>
);

export default Home;
