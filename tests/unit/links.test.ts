import { describe, expect, test } from "vitest";
import { isActiveLink, isRouterClick, sameOriginPath } from "../../app/routing/links.ts";

const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

describe("isRouterClick: the clicks the router follows without a page load", () => {
  test.each([
    ["a main-button click", click, undefined, true],
    ["target _self", click, "_self", true],
    ["an empty target", click, "", true],
    ["target _blank (a new tab)", click, "_blank", false],
    ["a named window", click, "preview", false],
    ["the middle button", { ...click, button: 1 }, undefined, false],
    ["Ctrl (a new tab)", { ...click, ctrlKey: true }, undefined, false],
    ["Cmd (a new tab on macOS)", { ...click, metaKey: true }, undefined, false],
    ["Shift (a new window)", { ...click, shiftKey: true }, undefined, false],
    ["Alt (a download)", { ...click, altKey: true }, undefined, false],
  ])("%s -> %s", (_, event, target, expected) => {
    expect(isRouterClick(event, target)).toBe(expected);
  });
});

describe("isActiveLink: <NavLink>'s rule for aria-current", () => {
  test.each([
    // [location, link, end, active]
    ["/about", "/about", false, true],
    ["/about", "/about", true, true],
    ["/About", "/about", false, true],
    ["/fr/about", "/about", false, false],
    ["/docs/a/b", "/docs", false, true],
    ["/docs/a/b", "/docs", true, false],
    ["/docsx", "/docs", false, false],
    ["/docs", "/docs/", false, false],
    ["/docs/a/", "/docs/", false, true],
    ["/fr", "/fr", true, true],
    ["/fr/about", "/fr", true, false],
    ["/fr/about", "/fr", false, true],
    // The root is active only on itself, with or without `end`.
    ["/", "/", true, true],
    ["/about", "/", false, false],
    ["/about", "/", true, false],
    ["/blog/hello%20world", "/blog/hello%20world", false, true],
    ["/blog/hello world", "/blog/hello%20world", false, false],
  ])("at %s, a link to %s (end: %s) is active: %s", (location, link, end, expected) => {
    expect(isActiveLink(location, link, end)).toBe(expected);
  });
});

describe("sameOriginPath: where the client's own document loads may go", () => {
  const base = "https://site.example/lab/links?x=1";
  test.each([
    ["/about?from=links#top", "/about?from=links#top"],
    ["/lab/slow?ms=6000", "/lab/slow?ms=6000"],
    ["../slow", "/slow"],
    ["?page=2", "/lab/links?page=2"],
    ["#top", "/lab/links?x=1#top"],
    ["https://site.example/fr/about", "/fr/about"],
    ["//evil.example/x", null],
    ["/\\evil.example/x", null],
    ["https://evil.example/x", null],
    ["http://site.example/x", null],
    ["javascript:alert(1)", null],
    ["data:text/html,hi", null],
    ["http://[::1", null],
  ])("%s -> %s", (target, expected) => {
    expect(sameOriginPath(target, base)).toBe(expected);
  });
});
