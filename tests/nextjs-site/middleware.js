/**
 * The site's middleware: each kind of NextResponse on a path of its own under
 * /mw, and a matcher with a path, a `has` and a `missing` condition. What goes
 * on to a page is given a request header that says where it went, and its
 * answer a header and a cookie.
 */
import { NextResponse } from "next/server";

export async function middleware(request) {
  const { pathname, locale, searchParams } = request.nextUrl;
  switch (pathname) {
    case "/mw/stream":
      // Its first part at once, the rest 300 ms later: streamed, not held to the end.
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("first "));
            setTimeout(() => {
              controller.enqueue(new TextEncoder().encode("last"));
              controller.close();
            }, 300);
          },
        }),
        { headers: { "content-type": "text/plain" } },
      );
    case "/mw/redirect":
      return NextResponse.redirect(new URL("/about", request.url));
    case "/mw/redirect-permanent":
      return NextResponse.redirect(new URL("/ssr/7?from=mw", request.url), 308);
    case "/mw/rewrite":
      return NextResponse.rewrite(new URL("/about", request.url));
    case "/mw/rewrite-ssr": {
      const url = request.nextUrl.clone();
      url.pathname = "/ssr/42";
      url.searchParams.set("mw", "rewrite");
      return NextResponse.rewrite(url);
    }
    case "/mw/to-api": {
      // An API route takes no locale: NextURL puts none before /api.
      const url = request.nextUrl.clone();
      url.pathname = "/api/echo";
      return NextResponse.redirect(url);
    }
    case "/mw/json":
      return NextResponse.json(
        { from: "middleware", locale, q: searchParams.get("q") },
        { status: 202, headers: { "x-mw": "json" } },
      );
    case "/mw/denied":
      return new NextResponse("Denied by the middleware", {
        status: 401,
        headers: { "www-authenticate": 'Basic realm="mw"' },
      });
    case "/mw/throws":
      throw new Error("the middleware failed");
  }
  const headers = new Headers(request.headers);
  headers.set("x-from-middleware", `${locale}:${pathname}`);
  // The body read here; the API route after it reads it whole again.
  if (searchParams.get("mw") === "body") {
    headers.set("x-middleware-read", String((await request.text()).length));
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("x-middleware-saw", pathname);
  response.cookies.set("mw-seen", "1", { httpOnly: true });
  return response;
}

// Each entry names paths no other spec of the suite asks for, or only with a query of its own.
export const config = {
  matcher: [
    "/mw/:path*",
    { source: "/about", has: [{ type: "query", key: "mw" }] },
    {
      // Digits only: Next.js's client matches the path alone, and a page it matches
      // that has getStaticProps (the 500 page of /ssr/throws) is replaced as it hydrates.
      source: "/ssr/:id(\\d+)",
      has: [{ type: "query", key: "mw" }],
      missing: [{ type: "header", key: "x-skip-middleware" }],
    },
    { source: "/api/echo", has: [{ type: "query", key: "mw" }] },
    // The root, which matches its index too.
    { source: "/", has: [{ type: "query", key: "mwroot" }] },
  ],
};
