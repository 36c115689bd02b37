import pino from "pino";
import { describe, expect, test } from "vitest";
import type { StoredImage } from "../../server/steps/images/disk-cache.ts";
import { embedderForRender, imageEmbedder } from "../../server/steps/images/embed.ts";
import { ImageSourceError } from "../../server/steps/images/errors.ts";
import { QueueFullError } from "../../server/steps/images/limiter.ts";
import type { ImageRequest } from "../../server/steps/images/request.ts";

const POLICY = { qualities: [50, 75], remoteOrigins: [] };
const AVIF = Buffer.from("AAAAHGZ0eXBhdmlmAAAAAG1pZjE=", "base64");
const DATA_URL = `data:image/avif;base64,${AVIF.toString("base64")}`;

const file = (contentType: string, bytes: Buffer): StoredImage => ({
  contentType,
  bytes,
  etag: '"x"',
  expiresAt: null,
  cacheControl: "public, max-age=3600",
  variesByAccept: true,
});

type Answer = StoredImage | Error | "never";

/** An optimizer that answers as told, and remembers what it was asked. */
function optimizer(answer: (request: ImageRequest) => Answer) {
  const asked: { request: ImageRequest; accept: string | undefined }[] = [];
  return {
    asked,
    variant: (request: ImageRequest, accept: string | undefined) => {
      asked.push({ request, accept });
      const result = answer(request);
      if (result === "never") return new Promise<StoredImage>(() => {});
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
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
    const answers = await Promise.all([1, 2, 3].map(() => embed("/images/a b.jpg", 750, 75)));
    expect(answers).toEqual(Array(3).fill({ dataUrl: DATA_URL, lasting: true }));
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
  ])("%s: no file, for good; logged once, not asked again", async (_, answer, reason) => {
    const files = optimizer(answer);
    const { logger, lines } = logged();
    const embed = imageEmbedder(files, POLICY, logger, { maxBytes: 4096 });
    const lasting = { dataUrl: null, lasting: true };
    expect(await embed("/images/a b.jpg", 750, 75)).toEqual(lasting);
    expect(await embed("/images/a b.jpg", 750, 75)).toEqual(lasting);
    expect(files.asked).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "image not embedded", src: "/images/a b.jpg" });
    expect(lines[0]!.reason).toContain(reason);
  });

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
    expect(await imageEmbedder(files, policy, logger)(src, 750, q)).toEqual({
      dataUrl: null,
      lasting: true,
    });
    expect(files.asked).toEqual([]);
    expect(lines[0]!.reason).toContain(reason);
  });

  test.each([
    ["its queue full", () => new QueueFullError("64 image tasks are already waiting")],
    ["a read failing", () => new Error("EIO: i/o error, read")],
    ["its file not made in time", () => "never" as const],
  ])(
    "an optimizer that fails for a reason of its own (%s): no file this time, asked again next time",
    async (_, failure) => {
      let failing = true;
      const files = optimizer(() => (failing ? failure() : file("image/avif", AVIF)));
      const { logger, lines } = logged();
      const embed = imageEmbedder(files, POLICY, logger, { waitMs: 20 });
      expect(await embed("/images/a.jpg", 750, 75)).toEqual({ dataUrl: null, lasting: false });
      expect(lines).toHaveLength(1);
      failing = false;
      expect(await embed("/images/a.jpg", 750, 75)).toEqual({ dataUrl: DATA_URL, lasting: true });
      expect(files.asked).toHaveLength(2);
    },
  );
});

describe("embedderForRender", () => {
  test("one render gets one answer per image, even one to ask again; the next render asks again", async () => {
    let busy = true;
    const files = optimizer(() =>
      busy ? new QueueFullError("64 image tasks are already waiting") : file("image/avif", AVIF),
    );
    const embedder = imageEmbedder(files, POLICY, logged().logger);

    const first = embedderForRender(embedder);
    const asked = first.embedImage("/images/a.jpg", 750, 75);
    expect(await asked).toBeNull();
    // React renders the part again once the promise settles: the same promise, not a new try.
    expect(first.embedImage("/images/a.jpg", 750, 75)).toBe(asked);
    expect(first.missed()).toBe(true);
    expect(files.asked).toHaveLength(1);

    busy = false;
    const second = embedderForRender(embedder);
    expect(await second.embedImage("/images/a.jpg", 750, 75)).toBe(DATA_URL);
    expect(second.missed()).toBe(false);
  });

  test("an image that cannot be embedded for good is no miss: the page is kept without it", async () => {
    const files = optimizer(() => file("image/avif", Buffer.alloc(9000)));
    const render = embedderForRender(imageEmbedder(files, POLICY, logged().logger));
    expect(await render.embedImage("/images/a.jpg", 750, 75)).toBeNull();
    expect(render.missed()).toBe(false);
  });
});
