/**
 * `next/server` as a middleware uses it (app/next/server.ts): NextURL's
 * parts with the base path and locale taken off and put back, the cookies of
 * a request and of an answer, and what each NextResponse tells the server.
 */
import { describe, expect, test } from "vitest";
import {
  NextRequest,
  NextResponse,
  NextURL,
  serializeCookie,
  type NextUrlConfig,
} from "../../../app/next/server.ts";

const SITE: NextUrlConfig = {
  basePath: "/shop",
  i18n: { locales: ["en", "fr", "pt-BR"], defaultLocale: "en" },
};

describe("NextURL", () => {
  test.each([
    ["https://x.test/shop/fr/about?a=1", "/about", "fr", "/shop"],
    ["https://x.test/shop/about", "/about", "en", "/shop"],
    ["https://x.test/shop", "/", "en", "/shop"],
    ["https://x.test/shop/pt-br/a", "/a", "pt-BR", "/shop"],
    // Outside the base path: no base path, the path as it is.
    ["https://x.test/other/fr/a", "/other/fr/a", "en", ""],
  ])("%s: pathname %s, locale %s, basePath %j", (url, pathname, locale, basePath) => {
    const next = new NextURL(url, SITE);
    expect([next.pathname, next.locale, next.basePath]).toEqual([pathname, locale, basePath]);
  });

  test("href puts the base path and the locale back; the default locale has no prefix", () => {
    const url = new NextURL("https://x.test/shop/fr/about?a=1#top", SITE);
    expect(url.href).toBe("https://x.test/shop/fr/about?a=1#top");
    url.locale = "en";
    url.pathname = "/cart";
    url.searchParams.set("b", "2");
    expect(String(url)).toBe("https://x.test/shop/cart?a=1&b=2#top");
    url.locale = "pt-BR";
    url.pathname = "/";
    expect(url.href).toBe("https://x.test/shop/pt-BR?a=1&b=2#top");
  });

  test("href puts no locale before /api, nor a second one before a path that has it, as Next.js's", () => {
    const url = new NextURL("https://x.test/shop/fr/to?pathname=/api/ok", SITE);
    url.pathname = "/api/ok";
    expect(url.href).toBe("https://x.test/shop/api/ok?pathname=/api/ok");
    url.pathname = "/apiary";
    expect(url.href).toBe("https://x.test/shop/fr/apiary?pathname=/api/ok");
    url.pathname = "/fr/about";
    expect(url.href).toBe("https://x.test/shop/fr/about?pathname=/api/ok");
  });

  test("a clone changes apart from its original", () => {
    const url = new NextURL("https://x.test/shop/fr/about", SITE);
    const clone = url.clone();
    clone.pathname = "/other";
    expect([url.pathname, clone.href]).toEqual(["/about", "https://x.test/shop/fr/other"]);
  });

  test("a locale the site does not have is refused", () => {
    expect(() => {
      new NextURL("https://x.test/shop/about", SITE).locale = "xx";
    }).toThrow('no locale "xx"');
  });

  test("without i18n, no segment is a locale", () => {
    const url = new NextURL("https://x.test/en/about", {});
    expect([url.pathname, url.locale, url.locales]).toEqual(["/en/about", "", undefined]);
  });
});

describe("NextRequest", () => {
  test("its cookies are read from the Cookie header, and set back into it", () => {
    const request = new NextRequest("https://x.test/about", {
      headers: { cookie: "a=1; b=two%20words" },
      nextConfig: SITE,
    });
    expect(request.cookies.get("b")).toEqual({ name: "b", value: "two words" });
    expect(request.cookies.has("c")).toBe(false);
    request.cookies.set("c", "3").delete("a");
    expect(request.headers.get("cookie")).toBe("b=two%20words; c=3");
    expect(request.nextUrl.locale).toBe("en");
  });
});

describe("NextResponse", () => {
  test("next() with request headers: the headers the page is given instead", () => {
    const headers = new Headers({ "x-user": "7", cookie: "a=1" });
    const response = NextResponse.next({ request: { headers }, headers: { "x-said": "hi" } });
    expect(Object.fromEntries(response.headers)).toEqual({
      "x-middleware-next": "1",
      "x-middleware-override-headers": "cookie,x-user",
      "x-middleware-request-cookie": "a=1",
      "x-middleware-request-x-user": "7",
      "x-said": "hi",
    });
  });

  test("rewrite and redirect take absolute URLs, and say which way", () => {
    expect(
      NextResponse.rewrite(new URL("https://x.test/b")).headers.get("x-middleware-rewrite"),
    ).toBe("https://x.test/b");
    const redirect = NextResponse.redirect("https://x.test/b");
    expect([redirect.status, redirect.headers.get("location")]).toEqual([307, "https://x.test/b"]);
    expect(NextResponse.redirect("https://x.test/b", 308).status).toBe(308);
    expect(() => NextResponse.redirect("/b")).toThrow(/absolute URL: "\/b" is not one/);
    expect(() => NextResponse.redirect("https://x.test/b", 200)).toThrow("Invalid status code 200");
  });

  test("json() answers JSON with its status and headers", async () => {
    const response = NextResponse.json({ a: 1 }, { status: 202, headers: { "x-a": "1" } });
    expect(response.status).toBe(202);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-a")).toBe("1");
    expect(await response.json()).toEqual({ a: 1 });
  });

  test("cookies set on an answer are its Set-Cookie headers, Path=/ unless given", () => {
    const response = NextResponse.next();
    response.cookies.set("a", "1", { httpOnly: true, maxAge: 60 });
    response.cookies.set({ name: "b", value: "x y", sameSite: "lax", path: "/docs" });
    response.cookies.delete("old");
    expect(response.headers.getSetCookie()).toEqual([
      "a=1; Path=/; Max-Age=60; HttpOnly",
      "b=x%20y; Path=/docs; SameSite=Lax",
      "old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
    expect(response.cookies.get("a")?.value).toBe("1");
  });
});

test("a cookie's every attribute", () => {
  expect(
    serializeCookie({
      name: "s",
      value: "1",
      domain: "x.test",
      path: "/",
      expires: new Date(Date.UTC(2030, 0, 1)),
      secure: true,
      sameSite: "none",
      partitioned: true,
      priority: "high",
    }),
  ).toBe(
    "s=1; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; Domain=x.test; Secure; SameSite=None; Partitioned; Priority=High",
  );
});
