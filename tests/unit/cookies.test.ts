import { expect, test } from "vitest";
import { withSecure } from "../../server/platform/cookies.ts";

test.each([
  ["a=1", "a=1; Secure"],
  ["a=1; Path=/; HttpOnly", "a=1; Path=/; HttpOnly; Secure"],
  ["a=1; Path=/; Secure", "a=1; Path=/; Secure"],
  ["a=1; secure; HttpOnly", "a=1; secure; HttpOnly"],
  // A value that merely contains the word is not the attribute.
  ["secure=Secure", "secure=Secure; Secure"],
  ["a=Secure; Path=/secure", "a=Secure; Path=/secure; Secure"],
])("withSecure(%j) -> %j", (cookie, expected) => {
  expect(withSecure(cookie)).toBe(expected);
});
