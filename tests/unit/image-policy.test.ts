import { describe, expect, test } from "vitest";
import { IMAGE_WIDTHS } from "../../app/images.ts";
import { isPublicAddress } from "../../server/steps/images/address.ts";
import {
  isAnimatedPng,
  preferredFormat,
  sniffImageType,
} from "../../server/steps/images/format.ts";
import { parseImageRequest, type ImageRequestPolicy } from "../../server/steps/images/request.ts";

const POLICY: ImageRequestPolicy = {
  qualities: [75, 90],
  remoteOrigins: ["https://cdn.example"],
};

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe("parseImageRequest: what may be asked for", () => {
  test.each(IMAGE_WIDTHS)("width %i, of the default sets, is accepted", (w) => {
    const parsed = parseImageRequest(
      query({ src: "/images/a.jpg", w: String(w), q: "75" }),
      POLICY,
    );
    expect(parsed).toEqual({
      ok: true,
      request: { source: { kind: "local", path: "/images/a.jpg" }, width: w, quality: 75 },
    });
  });

  test("every allowlisted quality is accepted", () => {
    for (const q of POLICY.qualities) {
      const parsed = parseImageRequest(query({ src: "/a.png", w: "640", q: String(q) }), POLICY);
      expect(parsed.ok && parsed.request.quality).toBe(q);
    }
  });

  test("an allowlisted remote origin is accepted, its fragment dropped", () => {
    const parsed = parseImageRequest(
      query({ src: "https://cdn.example/p/cat.jpg?v=2#top", w: "640", q: "75" }),
      POLICY,
    );
    expect(parsed.ok && parsed.request.source).toEqual({
      kind: "remote",
      url: new URL("https://cdn.example/p/cat.jpg?v=2"),
    });
  });

  test.each([
    // [query, the reason's gist]
    ["", "src is required"],
    ["?w=640&q=75", "src is required"],
    ["?src=&w=640&q=75", "src is required"],
    ["?src=/a.jpg&src=/b.jpg&w=640&q=75", "src is required, once"],
    ["?src=/a.jpg&q=75", "w is required"],
    ["?src=/a.jpg&w=640&w=750&q=75", "w is required, once"],
    ["?src=/a.jpg&w=640", "q is required"],
    ["?src=/a.jpg&w=641&q=75", "w must be one of 32, 48"],
    ["?src=/a.jpg&w=0&q=75", "w must be one of"],
    ["?src=/a.jpg&w=-640&q=75", "w must be one of"],
    ["?src=/a.jpg&w=0640&q=75", "w must be one of"],
    ["?src=/a.jpg&w=640.0&q=75", "w must be one of"],
    ["?src=/a.jpg&w=1e3&q=75", "w must be one of"],
    ["?src=/a.jpg&w=99999999999999999999&q=75", "w must be one of"],
    ["?src=/a.jpg&w=4096&q=75", "w must be one of"],
    ["?src=/a.jpg&w=640&q=80", "q must be one of 75, 90"],
    ["?src=/a.jpg&w=640&q=075", "q must be one of"],
    ["?src=/a.jpg&w=640&q=", "q must be one of"],
    ["?src=/a.jpg&w=640&q=75&fit=cover", 'unknown parameter "fit"'],
    ["?src=/a.jpg&w=640&q=75&url=/b.jpg", 'unknown parameter "url"'],
    ["?src=//evil.example/a.jpg&w=640&q=75", "src must be a path of the public folder"],
    ["?src=%5C%5Cevil.example%5Ca.jpg&w=640&q=75", "src must be a path of the public folder"],
    ["?src=/a.jpg%3Fv%3D2&w=640&q=75", "without a query"],
    ["?src=images/a.jpg&w=640&q=75", "src must be a path of the public folder"],
    ["?src=data:image/png;base64,AAAA&w=640&q=75", "src must be a path of the public folder"],
    ["?src=javascript:alert(1)&w=640&q=75", "src must be a path of the public folder"],
    ["?src=file:///etc/passwd&w=640&q=75", "src must be a path of the public folder"],
    [
      "?src=https://evil.example/a.jpg&w=640&q=75",
      "https://evil.example is not in IMAGE_REMOTE_ORIGINS",
    ],
    [
      "?src=http://cdn.example/a.jpg&w=640&q=75",
      "http://cdn.example is not in IMAGE_REMOTE_ORIGINS",
    ],
    ["?src=https://cdn.example.evil.example/a.jpg&w=640&q=75", "not in IMAGE_REMOTE_ORIGINS"],
    ["?src=https://user:pw@cdn.example/a.jpg&w=640&q=75", "credentials"],
    [`?src=/${"a".repeat(3000)}.jpg&w=640&q=75`, "longer than 2048"],
  ])("%s is refused: %s", (search, reason) => {
    const parsed = parseImageRequest(search, POLICY);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  test("with no remote origins configured, the reason says remote sources are off", () => {
    const parsed = parseImageRequest("?src=https://cdn.example/a.jpg&w=640&q=75", {
      ...POLICY,
      remoteOrigins: [],
    });
    expect(!parsed.ok && parsed.reason).toBe(
      "remote sources are off (IMAGE_REMOTE_ORIGINS is empty)",
    );
  });
});

describe("preferredFormat: from Accept, in the configured order", () => {
  const CHROME = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  const SAFARI_15 = "image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5";
  const OLD = "image/png,image/*;q=0.8,*/*;q=0.5";
  test.each([
    [CHROME, ["avif", "webp"], "avif"],
    [CHROME, ["webp", "avif"], "webp"],
    [CHROME, ["webp"], "webp"],
    [CHROME, [], null],
    [SAFARI_15, ["avif", "webp"], "webp"],
    [OLD, ["avif", "webp"], null],
    ["*/*", ["avif", "webp"], null],
    ["image/*", ["avif", "webp"], null],
    ["image/avif;q=0, image/webp", ["avif", "webp"], "webp"],
    ["image/avif;q=0.0,image/webp;q=0", ["avif", "webp"], null],
    ["IMAGE/AVIF", ["avif", "webp"], "avif"],
    ["image/avif; q=0.5", ["avif", "webp"], "avif"],
    ["", ["avif", "webp"], null],
    [undefined, ["avif", "webp"], null],
  ] as const)("Accept %j with %j -> %s", (accept, enabled, expected) => {
    expect(preferredFormat(accept, enabled)).toBe(expected);
  });
});

describe("sniffImageType: from the bytes, never the name", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
  test.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "jpeg"],
    [bytes([0x89], "PNG\r\n\x1a\n", "...."), "png"],
    [bytes("GIF89a...."), "gif"],
    [bytes("GIF87a...."), "gif"],
    [bytes("RIFF\0\0\0\0WEBPVP8 "), "webp"],
    [bytes("\0\0\0\x1cftypavif\0\0\0\0"), "avif"],
    [bytes("\0\0\0\x1cftypavis\0\0\0\0"), "avif"],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), "svg"],
    [bytes('\ufeff<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n<svg>'), "svg"],
    [bytes("  <SVG>"), "svg"],
    [bytes("<html><svg></svg></html>"), null],
    [bytes("<svgfoo>"), null],
    [bytes("\0\0\0\x1cftypheic\0\0\0\0"), null],
    [bytes("RIFF\0\0\0\0WAVE"), null],
    [bytes("BM...."), null],
    [bytes("%PDF-1.7"), null],
    [bytes(""), null],
  ])("%j is %s", (input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  test("an APNG (acTL before IDAT) is animated; a plain PNG is not", () => {
    const chunk = (type: string, data = Buffer.alloc(0)) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
    };
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = chunk("IHDR", Buffer.alloc(13));
    expect(
      isAnimatedPng(
        Buffer.concat([signature, ihdr, chunk("acTL", Buffer.alloc(8)), chunk("IDAT")]),
      ),
    ).toBe(true);
    expect(isAnimatedPng(Buffer.concat([signature, ihdr, chunk("IDAT"), chunk("acTL")]))).toBe(
      false,
    );
    expect(isAnimatedPng(Buffer.concat([signature, ihdr]))).toBe(false);
  });
});

describe("isPublicAddress: where a remote image may come from", () => {
  test.each([
    ["93.184.215.14", true],
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:93.184.215.14", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["0.0.0.0", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["169.254.169.254", false], // cloud metadata
    ["100.64.0.1", false],
    ["198.18.0.1", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["::127.0.0.1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["64:ff9b::10.0.0.1", false],
    ["2002:7f00:0001::1", false], // 6to4 of 127.0.0.1
    ["2002:5db8:d70e::1", true], // 6to4 of 93.184.215.14
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["ff02::1", false],
    ["localhost", false],
    ["not an address", false],
  ])("%s -> %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
