import { NextResponse } from "next/server";

/** Says how it read the URL: its locale, the default there, and the domain. */
export function middleware(request) {
  const { locale, defaultLocale, domainLocale } = request.nextUrl;
  const response = NextResponse.next();
  response.headers.set(
    "x-seen-locale",
    `${locale} ${defaultLocale} ${domainLocale?.domain ?? "-"}`,
  );
  return response;
}

export const config = { matcher: ["/about", "/:locale/about"] };
