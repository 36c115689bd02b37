import { useRouter } from "next/router";
import { useLayoutEffect } from "react";

/** A site without `_app`: each router the page renders with, in `window.readyValues`. */
function Ready(props) {
  const router = useRouter();
  if (typeof window !== "undefined") {
    useLayoutEffect(() => {
      window.readyValues = [...(window.readyValues ?? []), router.isReady];
    }, [router]);
  }
  return <p id="props">{JSON.stringify(props)}</p>;
}

Ready.getInitialProps = () => ({ random: Math.random() });

export default Ready;
