import { data } from "react-router";
import { NotFoundPage } from "../components/error-pages.tsx";

// The loader throws the same 404 for every request: the page is rendered once per URL.
export const renderOnce = true;

/** Every path no other route claims, in each locale: a real 404, rendered by the root error boundary. */
export function loader(): never {
  throw data(null, { status: 404 });
}

// Never rendered (the loader always throws), but a route without a component
// would be a resource route and answer JSON instead of the page.
export default function NotFound() {
  return <NotFoundPage />;
}
