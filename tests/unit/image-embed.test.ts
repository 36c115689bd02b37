import pino from "pino";
import { describe, expect, test } from "vitest";
import type { StoredImage } from "../../server/steps/images/disk-cache.ts";
import { imageEmbedder } from "../../server/steps/images/embed.ts";
import { ImageSourceError } from "../../server/steps/images/errors.ts";
import { QueueFullError } from "../../server/steps/images/limiter.ts";
import type { ImageRequest } from "../../server/steps/images/request.ts";

const POLICY = { qualities: [50, 75], remoteOrigins: [] };
const AVIF = Buffer.from("AAAAHGZ0eXBhdmlmAAAAAG1pZjE=", "base64");

const file = (contentType: string, bytes: Buffer): StoredImage => ({
  contentType,
  bytes,
  etag: '"x"',
  expiresAt: null,
  cacheControl: "public, max-age=3600",
  variesByAccept: true,
});

/** An optimizer that answers as told, and remembers what it was asked. */
function optimizer(answer: (request: ImageRequest) => StoredImage | Error) {
  const asked: { request: ImageRequest; accept: string | undefined }[] = [];
  return {
    asked,
    variant: async (request: ImageRequest, accept: string | undefined) => {
      asked.push({ request, accept });
      const result = answer(request);
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

function logged() {
  const lines: { msg: string; src: string; reason: string }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("imageEmbedder", () => {
  test("the optimizer's AVIF file of that width, as a data: URL, made once for every render", async () => {
    const files = optimizer(() => file("image/avif", AVIF));
    const { logger, lines } = logged();
    const embed = imageEmbedder(files, POLICY, logger);
    const urls = await Promise.all([1, 2, 3].map(() => embed("/images/a b.jpg", 750, 75)));
    expect(urls).toEqual(Array(3).fill(`data:image/avif;base64,${AVIF.toString("base64")}`));
    expect(files.asked).toEqual([
      {
        request: { source: { kind: "local", path: "/images/a b.jpg" }, width: 750, quality: 75 },
        accept: "image/avif",
      },
    ]);
    expect(lines).toEqual([]);
  });

  test.each([
    [
      "a file over the limit",
      () => file("image/avif", Buffer.alloc(4097)),
      "4097 bytes of AVIF, more than the 4096 a page carries",
    ],
    [
      "a file the optimizer serves as it is (a vector or animated image)",
      () => file("image/svg+xml", Buffer.from("<svg/>")),
      "the optimizer serves it as image/svg+xml, not AVIF",
    ],
    [
      "a missing file",
      () => new ImageSourceError(404, "no image /images/a b.jpg in the public folder"),
      "no image /images/a b.jpg in the public folder",
    ],
  ])(
    "%s: null, the page keeps the URL; logged once, not asked again",
    async (_, answer, reason) => {
      const files = optimizer(answer);
      const { logger, lines } = logged();
      const embed = imageEmbedder(files, POLICY, logger, 4096);
      expect(await embed("/images/a b.jpg", 750, 75)).toBeNull();
      expect(await embed("/images/a b.jpg", 750, 75)).toBeNull();
      expect(files.asked).toHaveLength(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ msg: "image not embedded", src: "/images/a b.jpg" });
      expect(lines[0]!.reason).toContain(reason);
    },
  );

  test.each([
    ["a quality the endpoint refuses", "/images/a.jpg", 90, "q must be one of 50, 75"],
    [
      "a remote source not allowed",
      "https://evil.example/a.jpg",
      75,
      "not in IMAGE_REMOTE_ORIGINS",
    ],
    ["a remote source, allowed", "https://cdn.example/a.jpg", 75, "not a remote source"],
  ])("%s: not embedded, never asked for", async (_, src, q, reason) => {
    const files = optimizer(() => file("image/avif", AVIF));
    const { logger, lines } = logged();
    const policy = { ...POLICY, remoteOrigins: ["https://cdn.example"] };
    expect(await imageEmbedder(files, policy, logger)(src, 750, q)).toBeNull();
    expect(files.asked).toEqual([]);
    expect(lines[0]!.reason).toContain(reason);
  });

  test("an optimizer too busy to make it: null for this render, asked again by the next", async () => {
    let busy = true;
    const files = optimizer(() =>
      busy ? new QueueFullError("64 image tasks are already waiting") : file("image/avif", AVIF),
    );
    const embed = imageEmbedder(files, POLICY, logged().logger);
    expect(await embed("/images/a.jpg", 750, 75)).toBeNull();
    busy = false;
    expect(await embed("/images/a.jpg", 750, 75)).toMatch(/^data:image\/avif;base64,/);
    expect(files.asked).toHaveLength(2);
  });
});
