/**
 * No matcher: it runs for every request, those outside the base path too
 * (`nextUrl.basePath` is "" there). Every page it lets through says, in a
 * header, the URL it was given.
 */
import { NextResponse } from "next/server";

export function middleware(request) {
  const url = request.nextUrl;
  if (url.basePath === "" && url.pathname === "/outside/") {
    url.basePath = "/root";
    return NextResponse.redirect(url);
  }
  if (url.pathname === "/kept/") {
    url.pathname = "/shallow";
    return NextResponse.rewrite(url);
  }
  const response = NextResponse.next();
  response.headers.set("x-middleware-saw", new URL(request.url).pathname);
  return response;
}
