import { useState } from "react";
import {
  useParams,
  usePathname,
  useRouter,
  useSearchParams,
  useSelectedLayoutSegment,
} from "next/navigation";
// next/navigation's hooks in a page of the pages folder, as Next.js answers them there.
export function getServerSideProps() {
  return { props: {} };
}
export default function Nav() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const params = useParams();
  const segment = useSelectedLayoutSegment();
  const [clicked, setClicked] = useState(false);
  return (
    <main>
      <h1>Navigation hooks</h1>
      <p id="nav-state">
        {JSON.stringify({ pathname, search: search.toString(), params, segment, clicked })}
      </p>
      <button
        id="nav-push"
        onClick={() => {
          setClicked(true);
          router.push("/nav/2?from=push");
        }}
      >
        push
      </button>
    </main>
  );
}
