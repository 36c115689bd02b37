/**
 * Next.js's preview and draft modes' cookies (app/next/preview/mode.ts): what
 * a request's cookies say, how the data is sealed, what is written.
 */
import { describe, expect, test } from "vitest";
import {
  clearedPreviewCookies,
  draftModeCookie,
  previewCookies,
  previewKeys,
  previewOptionsOf,
  readPreviewCookies,
  sealPreviewData,
} from "../../app/next/preview/mode.ts";

const NOW = Date.UTC(2026, 10, 28);
const keys = previewKeys("a-preview-secret-of-the-site");
const other = previewKeys("another-secret-altogether");
const sealed = sealPreviewData(keys, { post: 7 }, undefined, NOW);
const expiring = sealPreviewData(keys, { post: 7 }, 60, NOW);

describe("a request's cookies", () => {
  test.each([
    ["neither cookie", {}, { kind: "off" }],
    ["another cookie only", { session: "x" }, { kind: "off" }],
    ["the bypass cookie alone: draft mode", { __prerender_bypass: keys.id }, { kind: "draft" }],
    [
      "both, the data ours: preview mode",
      { __prerender_bypass: keys.id, __next_preview_data: sealed },
      { kind: "preview", data: { post: 7 } },
    ],
    [
      "both, within maxAge",
      { __prerender_bypass: keys.id, __next_preview_data: expiring },
      { kind: "preview", data: { post: 7 } },
    ],
    ["the data without the bypass cookie", { __next_preview_data: sealed }, { kind: "clear" }],
    ["another site's bypass cookie", { __prerender_bypass: other.id }, { kind: "clear" }],
    [
      "data sealed by another secret",
      {
        __prerender_bypass: keys.id,
        __next_preview_data: sealPreviewData(other, {}, undefined, NOW),
      },
      { kind: "clear" },
    ],
    [
      "data altered",
      { __prerender_bypass: keys.id, __next_preview_data: sealed.slice(0, -2) + "AA" },
      { kind: "clear" },
    ],
    [
      "data that is not ours at all",
      { __prerender_bypass: keys.id, __next_preview_data: "x" },
      { kind: "clear" },
    ],
  ])("%s", (_name, cookies, read) => {
    expect(readPreviewCookies(keys, cookies, NOW)).toEqual(read);
  });

  test("data past its maxAge is to be cleared", () => {
    const cookies = { __prerender_bypass: keys.id, __next_preview_data: expiring };
    expect(readPreviewCookies(keys, cookies, NOW + 59_000).kind).toBe("preview");
    expect(readPreviewCookies(keys, cookies, NOW + 60_000)).toEqual({ kind: "clear" });
  });

  test("without a secret, no cookie is valid", () => {
    expect(readPreviewCookies(null, { __prerender_bypass: keys.id }, NOW)).toEqual({
      kind: "clear",
    });
    expect(readPreviewCookies(null, {}, NOW)).toEqual({ kind: "off" });
  });
});

describe("keys and sealing", () => {
  test("one secret, the same keys on every replica; another secret, others", () => {
    expect(previewKeys("a-preview-secret-of-the-site")).toEqual(keys);
    expect(other.id).not.toBe(keys.id);
    expect(keys.id).toMatch(/^[0-9a-f]{32}$/);
  });

  test("the data cannot be read from the cookie", () => {
    const token = sealPreviewData(keys, { secretDraft: "unpublished" }, undefined, NOW);
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain("unpublished");
  });

  test("past 2 KB, Next.js's error", () => {
    expect(() => sealPreviewData(keys, { big: "x".repeat(2000) }, undefined, NOW)).toThrow(
      "Preview data is limited to 2KB currently, reduce how much data you are storing as preview data to continue",
    );
  });
});

describe("cookies written as Next.js writes them", () => {
  test("preview mode's two, with maxAge and path", () => {
    expect(previewCookies(keys, "TOKEN", { maxAge: 60, path: "/blog" })).toEqual([
      `__prerender_bypass=${keys.id}; Max-Age=60; Path=/blog; HttpOnly; Secure; SameSite=None`,
      "__next_preview_data=TOKEN; Max-Age=60; Path=/blog; HttpOnly; Secure; SameSite=None",
    ]);
  });

  test("cleared, and draft mode on and off", () => {
    expect(clearedPreviewCookies("/blog")[1]).toBe(
      "__next_preview_data=; Path=/blog; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=None",
    );
    expect(draftModeCookie(keys, true)).toBe(
      `__prerender_bypass=${keys.id}; Path=/; HttpOnly; Secure; SameSite=None`,
    );
    expect(draftModeCookie(keys, false)).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  });

  test.each([
    [undefined, {}],
    [{ maxAge: 60 }, { maxAge: 60 }],
    [{ maxAge: "60" }, { maxAge: 60 }],
    [{ path: "/blog" }, { path: "/blog" }],
  ])("options %j", (given, read) => {
    expect(previewOptionsOf(given, "setPreviewData")).toEqual(read);
  });

  test.each([
    [{ maxAge: -1 }, "maxAge must be a whole number of seconds"],
    [{ maxAge: "soon" }, "maxAge must be a whole number of seconds"],
    [{ path: "blog" }, 'path must be a URL path starting with "/"'],
    [{ path: "/a; Domain=evil.example" }, 'path must be a URL path starting with "/"'],
    ["60", "its options must be an object"],
  ])("options %j are refused", (given, message) => {
    expect(() => previewOptionsOf(given, "setPreviewData")).toThrow(message);
  });
});
