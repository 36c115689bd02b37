import { data, type LoaderFunctionArgs } from "react-router";
import { requestInfo } from "../context.ts";
import { errorPageData } from "../next/page/error-data.ts";
import { pageRequestOf } from "../next/page/server.ts";

// The loader throws the same 404 for every request: the page is rendered once per URL.
export const renderOnce = true;

/**
 * Every path no other route claims, in each locale: a real 404, rendered by the
 * root error boundary with the site's 404 page (or its `_error`), given the
 * props that page's `getStaticProps` (or `getInitialProps`) makes.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<never> {
  const info = requestInfo(context, request);
  const page = pageRequestOf(new URL(request.url), "/", info.basePath);
  throw data(await errorPageData(404, { request: page, node: info.node }), { status: 404 });
}

// Never rendered (the loader always throws), but a route without a component
// would be a resource route and answer JSON instead of the page.
export default function NotFound() {
  return null;
}
