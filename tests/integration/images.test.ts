/**
 * The image endpoint, against the real server with a public folder of
 * fixtures: a real photo, a content-hashed asset, an animated GIF, an SVG with
 * a script, a corrupt file, a decompression bomb; a remote origin served by
 * the test on loopback; and the optimizer's memory budget (issue 47).
 */
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { IMAGE_WIDTHS } from "../../app/images.ts";
import {
  fatalMessage,
  runToExit,
  startServer,
  type LogLine,
  type RunningServer,
} from "./harness.ts";

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP_ONLY = "image/webp,*/*";
const OLD_ACCEPT = "image/png,image/*;q=0.8,*/*;q=0.5";
const HASHED = "/assets/photo-Bx3kQ9.png";

const image = (src: string, w = 640, q = 75) =>
  `/_image?src=${encodeURIComponent(src)}&w=${w}&q=${q}`;

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A valid 20000 x 20000 black PNG of about 50 KB: 400 megapixels once decoded. */
function decompressionBomb(): Buffer {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale
  const rows = Buffer.alloc(side * (1 + side / 8)); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    [255, 0, 128].map((r) =>
      sharp({ create: { width: 200, height: 100, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0 })
    .toBuffer();
}

/** A copy of the build whose public folder also holds the fixtures. */
async function buildWithFixtures(): Promise<{ dir: string; photoBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), "image-build-"));
  await symlink(join(process.cwd(), "build", "server"), join(dir, "server"));
  await cp(join("build", "client"), join(dir, "client"), { recursive: true });
  const fixtures = join(dir, "client", "fixtures");
  await mkdir(fixtures);
  const photo = sharp("site/public/images/valley.jpg");
  await photo
    .clone()
    .resize({ width: 800 })
    .png()
    .toFile(join(dir, "client", HASHED));
  await writeFile(join(fixtures, "animated.gif"), await animatedGif());
  await writeFile(
    join(fixtures, "script.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  // A JPEG's first bytes, then noise: it looks like a JPEG and is not one.
  await writeFile(
    join(fixtures, "corrupt.jpg"),
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.alloc(2000, 0x5a)]),
  );
  await writeFile(join(fixtures, "bomb.png"), decompressionBomb());
  await writeFile(join(fixtures, "text.jpg"), "<html>not an image</html>");
  const { size } = await stat("site/public/images/valley.jpg");
  return { dir, photoBytes: size };
}

const computed = (server: RunningServer) =>
  server.logs.filter((line) => line.msg === "image computed");

describe("the image endpoint", () => {
  let build: { dir: string; photoBytes: number };
  let server: RunningServer;
  let cacheDir: string;

  beforeAll(async () => {
    build = await buildWithFixtures();
    cacheDir = await mkdtemp(join(tmpdir(), "image-cache-"));
    server = await startServer({
      BUILD_DIR: build.dir,
      IMAGE_CACHE_DIR: cacheDir,
      IMAGE_QUALITIES: "50,75",
    });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await rm(build.dir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  });

  describe("what may be asked for", () => {
    test.each(IMAGE_WIDTHS)(
      "width %i: the photo at that width, far below the original",
      async (w) => {
        const response = await server.request(image("/images/valley.jpg", w), {
          headers: { accept: WEBP_ONLY },
          timeoutMs: 20_000,
        });
        expect(response.status).toBe(200);
        expect(response.headers["content-type"]).toBe("image/webp");
        const { width, format } = await sharp(response.bytes).metadata();
        expect(format).toBe("webp");
        expect(width).toBe(Math.min(w, 2400)); // never enlarged past the source
        expect(Number(response.headers["content-length"])).toBe(response.bytes.length);
        if (w <= 1920) expect(response.bytes.length).toBeLessThan(build.photoBytes / 4);
      },
    );

    test("a width above the source's is not enlarged", async () => {
      const response = await server.request(image(HASHED, 1080), {
        headers: { accept: WEBP_ONLY },
      });
      expect((await sharp(response.bytes).metadata()).width).toBe(800);
    });

    test("each configured quality is accepted, and a lower one gives fewer bytes", async () => {
      const [low, high] = await Promise.all(
        [50, 75].map((q) =>
          server.request(image("/images/valley.jpg", 1080, q), { headers: { accept: WEBP_ONLY } }),
        ),
      );
      expect([low!.status, high!.status]).toEqual([200, 200]);
      expect(low!.bytes.length).toBeLessThan(high!.bytes.length);
    });

    test.each([
      [image("/images/valley.jpg", 700), "w must be one of 32, 48, 64"],
      [image("/images/valley.jpg", 640, 90), "q must be one of 50, 75"],
      ["/_image?src=%2Fimages%2Fvalley.jpg&w=640", "q is required"],
      ["/_image?w=640&q=75", "src is required"],
      [`${image("/images/valley.jpg")}&fit=cover`, 'unknown parameter "fit"'],
      [image("https://cdn.example/a.jpg"), "remote sources are off"],
      [image("//evil.example/a.jpg"), "src must be a path of the public folder"],
    ])("%s is a 400 with its reason", async (path, reason) => {
      const response = await server.request(path);
      expect(response.status).toBe(400);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.body).toBe(`Bad image request: ${response.body.slice(19)}`);
      expect(response.body).toContain(reason);
      expect(response.body.trim().split("\n")).toHaveLength(1);
    });

    test.each(["/nope.jpg", "/images/../build/server/index.js", "/images/%2e%2e/x.jpg"])(
      "a source outside the public folder's index (%s) is a 404",
      async (src) => {
        const response = await server.request(image(src));
        expect(response.status).toBe(404);
        expect(response.body).toContain("in the public folder");
      },
    );

    test.each(["POST", "PUT", "DELETE"])("%s is a 405 naming GET and HEAD", async (method) => {
      const response = await server.request(image("/images/valley.jpg"), { method });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
    });
  });

  describe("format, caching headers, 304", () => {
    test.each([
      [CHROME_ACCEPT, "image/avif", "heif"],
      [WEBP_ONLY, "image/webp", "webp"],
      [OLD_ACCEPT, "image/jpeg", "jpeg"],
      [undefined, "image/jpeg", "jpeg"],
    ])("Accept %j -> %s, Vary: Accept", async (accept, contentType, format) => {
      const response = await server.request(image("/images/valley.jpg", 384), {
        headers: accept ? { accept } : {},
        timeoutMs: 20_000,
      });
      expect(response.headers["content-type"]).toBe(contentType);
      expect(response.headers.vary).toBe("Accept");
      expect((await sharp(response.bytes).metadata()).format).toBe(format);
    });

    test("a PNG source stays PNG for a browser without WebP or AVIF", async () => {
      const response = await server.request(image(HASHED, 256), {
        headers: { accept: OLD_ACCEPT },
      });
      expect(response.headers["content-type"]).toBe("image/png");
      expect((await sharp(response.bytes).metadata()).width).toBe(256);
    });

    test("a content-hashed source is immutable for a year; others are cached for an hour", async () => {
      const hashed = await server.request(image(HASHED), { headers: { accept: WEBP_ONLY } });
      expect(hashed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const named = await server.request(image("/images/valley.jpg"), {
        headers: { accept: WEBP_ONLY },
      });
      expect(named.headers["cache-control"]).toBe("public, max-age=3600");
    });

    test("ETag per variant; If-None-Match answers 304 with no body", async () => {
      const path = image("/images/valley.jpg", 828);
      const webp = await server.request(path, { headers: { accept: WEBP_ONLY } });
      const jpeg = await server.request(path, { headers: { accept: OLD_ACCEPT } });
      expect(webp.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(jpeg.headers.etag).not.toBe(webp.headers.etag);
      const again = await server.request(path, {
        headers: { accept: WEBP_ONLY, "if-none-match": webp.headers.etag! },
      });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.etag).toBe(webp.headers.etag);
      const otherFormat = await server.request(path, {
        headers: { accept: OLD_ACCEPT, "if-none-match": webp.headers.etag! },
      });
      expect(otherFormat.status).toBe(200);
    });

    test("HEAD has the headers and no body", async () => {
      const response = await server.request(image("/images/valley.jpg", 750), {
        method: "HEAD",
        headers: { accept: WEBP_ONLY },
      });
      expect(response.status).toBe(200);
      expect(Number(response.headers["content-length"])).toBeGreaterThan(1000);
      expect(response.bytes.length).toBe(0);
    });

    test("answers forbid sniffing and scripts", async () => {
      const response = await server.request(image("/images/valley.jpg"), {
        headers: { accept: WEBP_ONLY },
      });
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
    });
  });

  describe("sources passed through or refused", () => {
    test("an SVG is served as it is, never rasterised, under a policy that runs no script", async () => {
      const response = await server.request(image("/fixtures/script.svg", 640), {
        headers: { accept: CHROME_ACCEPT },
      });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
      expect(response.body).toContain("<script>");
      expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(response.headers["content-security-policy"]).toContain("sandbox");
      expect(response.headers.vary).toBeUndefined();
    });

    test("an animated GIF passes through with all its frames", async () => {
      const response = await server.request(image("/fixtures/animated.gif", 64), {
        headers: { accept: CHROME_ACCEPT },
      });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("image/gif");
      expect((await sharp(response.bytes).metadata()).pages).toBe(3);
    });

    test.each([
      ["/fixtures/corrupt.jpg", "the source is not a readable image"],
      ["/fixtures/text.jpg", "the source is not an image (jpeg, png, gif, webp, avif, svg)"],
      ["/fixtures/bomb.png", "the source has more than 25000000 pixels (IMAGE_MAX_INPUT_PIXELS)"],
    ])("%s is a 400 (%s), logged at warn with the request id, never a 500", async (src, reason) => {
      const response = await server.request(image(src), { headers: { accept: CHROME_ACCEPT } });
      expect(response.status).toBe(400);
      expect(response.body).toBe(`Image not served: ${reason}\n`);
      const warning = await server.waitForLog(
        (line) => line.msg === "image refused" && line.reqId === response.headers["x-request-id"],
      );
      expect(warning).toMatchObject({ level: "warn", src, reason });
      expect(
        server.logs.filter((line) => line.level === "error" || line.level === "fatal"),
      ).toEqual([]);
    });

    test("bombs are refused before they are decoded: memory stays where it was", async () => {
      const rss = async () =>
        Number(
          /VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${server.process.pid}/status`, "utf8"))![1],
        ) * 1024;
      await server.request(image("/fixtures/bomb.png", 3840)); // whatever a first refusal allocates
      const before = await rss();
      for (let i = 0; i < 10; i++) {
        expect((await server.request(image("/fixtures/bomb.png", 3840))).status).toBe(400);
      }
      // Decoded, one would take 400 MB (50 MB at one bit per pixel).
      expect((await rss()) - before).toBeLessThan(20 << 20);
      expect((await server.request("/healthz")).status).toBe(200);
    });
  });

  describe("caches", () => {
    test("a variant is computed once, however many ask for it at the same time", async () => {
      const path = image("/images/valley.jpg", 2048, 50);
      const before = computed(server).length;
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          server.request(path, { headers: { accept: OLD_ACCEPT }, timeoutMs: 20_000 }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(new Set(responses.map((r) => r.headers.etag)).size).toBe(1);
      // A response can come before the server's log lines reach us: each access
      // line follows whatever its request logged, so wait for all twelve.
      await Promise.all(responses.map((response) => server.accessLog(response)));
      expect(computed(server).length - before).toBe(1);
    });

    test("a cold burst of different variants is all answered", async () => {
      const paths = [32, 48, 64, 96, 128, 256].flatMap((w) =>
        [50, 75].map((q) => image(HASHED, w, q)),
      );
      const responses = await Promise.all(
        paths.map((path) =>
          server.request(path, { headers: { accept: WEBP_ONLY }, timeoutMs: 20_000 }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(paths.length).fill(200));
    });
  });
});

describe("the image caches, by their limits", () => {
  let build: { dir: string; photoBytes: number };
  let cacheDir: string;
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer({ BUILD_DIR: build.dir, ...env });
    servers.push(server);
    return server;
  };
  const get = (server: RunningServer, w: number) =>
    server.request(image("/images/valley.jpg", w), {
      headers: { accept: WEBP_ONLY },
      timeoutMs: 20_000,
    });

  beforeAll(async () => {
    build = await buildWithFixtures();
    cacheDir = await mkdtemp(join(tmpdir(), "image-cache-"));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(build.dir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  });

  test("memory only: a hit is not computed again; past the byte limit the oldest is", async () => {
    // WebP at 640, 750 and 828 is 6 to 10 KB each: two fit in 20 000 bytes, three do not.
    const server = await start({ IMAGE_CACHE_DIR: "", IMAGE_MEMORY_CACHE_MAX_BYTES: "20000" });
    // The log comes through a pipe, the answers through sockets: a line may come
    // after its answer, so the counts are polled (bounded) rather than read once.
    for (const w of [640, 640, 750, 640]) await get(server, w);
    await expect.poll(() => computed(server).map((line) => line.width)).toEqual([640, 750]);
    await get(server, 828); // evicts 750, the least recently used
    await get(server, 640);
    await get(server, 750);
    await expect
      .poll(() => computed(server).map((line) => line.width))
      .toEqual([640, 750, 828, 750]);
  });

  test("disk: a variant survives a restart, and the directory stays within its byte limit", async () => {
    const env = {
      IMAGE_CACHE_DIR: cacheDir,
      IMAGE_MEMORY_CACHE_MAX_BYTES: "0",
      IMAGE_DISK_CACHE_MAX_BYTES: "45000",
    };
    const first = await start(env);
    for (const w of [640, 640]) await get(first, w);
    await expect.poll(() => computed(first)).toHaveLength(1);
    await first.stop();

    const second = await start(env);
    const again = await get(second, 640);
    expect(again.status).toBe(200);
    expect(computed(second)).toHaveLength(0);
    for (const w of [750, 828, 1080, 1200]) await get(second, w);
    const lastAnsweredAt = Date.now();
    // Written, then the oldest evicted, after each answer goes out: the directory is
    // over its limit for the moment between the two, and the last variant may not be
    // written yet. Wait (bounded) until it is, and the directory has settled.
    const directoryBytes = async () => {
      let total = 0;
      let lastWritten = 0;
      for (const name of await readdir(cacheDir)) {
        const found = await stat(join(cacheDir, name)).catch(() => null); // evicted meanwhile
        total += name.includes(".tmp") ? Infinity : (found?.size ?? 0);
        lastWritten = Math.max(lastWritten, found?.mtimeMs ?? 0);
      }
      // Written after its answer went out (file times run a few ms behind the clock);
      // the one before was written before the last variant's tens of ms of work began.
      return lastWritten + 20 >= lastAnsweredAt ? total : Infinity;
    };
    await expect.poll(directoryBytes).toBeLessThanOrEqual(45_000);
    await get(second, 640); // evicted by the later, larger ones
    await expect
      .poll(() => computed(second).map((line) => line.width))
      .toEqual([750, 828, 1080, 1200, 640]);
  });

  test("a read-only cache directory: one warning at start-up, images still served", async () => {
    const file = join(cacheDir, "not-a-directory");
    await writeFile(file, "");
    const server = await start({ IMAGE_CACHE_DIR: join(file, "images") });
    await server.waitForLog((line) => line.msg.startsWith("image disk cache off"));
    expect((await get(server, 640)).status).toBe(200);
  });
});

describe("remote sources", () => {
  let origin: Server;
  let originUrl: string;
  let photo: Buffer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    photo = await sharp("site/public/images/valley.jpg").resize({ width: 1000 }).jpeg().toBuffer();
    origin = createServer((req, res) => {
      switch (req.url) {
        case "/cat.jpg":
          res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
          break;
        case "/moved.jpg":
          res.writeHead(302, { location: "/cat.jpg" }).end();
          break;
        case "/away.jpg":
          res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
          break;
        case "/loop.jpg":
          res.writeHead(302, { location: "/loop.jpg" }).end();
          break;
        case "/huge.jpg":
          res.writeHead(200, { "content-type": "image/jpeg" });
          res.end(Buffer.alloc(3_000_000));
          break;
        case "/page.jpg":
          res.writeHead(200, { "content-type": "image/jpeg" }).end("<html></html>");
          break;
        case "/slow.jpg":
          setTimeout(() => res.writeHead(200).end(photo), 3000);
          break;
        default:
          res.writeHead(404).end();
      }
    });
    origin.listen(0, "127.0.0.1");
    await once(origin, "listening");
    const { port } = origin.address() as { port: number };
    originUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    origin.closeAllConnections();
    origin.close();
  });

  const start = async (env: Record<string, string>) => {
    const server = await startServer({ IMAGE_CACHE_DIR: "", ...env });
    servers.push(server);
    return server;
  };

  test("an allowlisted origin on a private address is refused: by literal address and by name", async () => {
    const { port } = origin.address() as { port: number };
    const server = await start({
      IMAGE_REMOTE_ORIGINS: `${originUrl},http://localhost:${port}`,
    });
    for (const url of [`${originUrl}/cat.jpg`, `http://localhost:${port}/cat.jpg`]) {
      const response = await server.request(image(url));
      expect(response.status).toBe(400);
      expect(response.body).toMatch(/not a public address/);
    }
  });

  describe("allowed to reach private addresses (IMAGE_REMOTE_ALLOW_PRIVATE)", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await start({
        IMAGE_REMOTE_ORIGINS: originUrl,
        IMAGE_REMOTE_ALLOW_PRIVATE: "1",
        IMAGE_REMOTE_TIMEOUT_MS: "1000",
        IMAGE_MAX_SOURCE_BYTES: "2000000",
      });
    });

    test("an allowlisted source is resized, cached for an hour", async () => {
      const response = await server.request(image(`${originUrl}/cat.jpg`), {
        headers: { accept: WEBP_ONLY },
      });
      expect(response.status).toBe(200);
      expect((await sharp(response.bytes).metadata()).width).toBe(640);
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    });

    test("a redirect within the allowlist is followed", async () => {
      const response = await server.request(image(`${originUrl}/moved.jpg`));
      expect(response.status).toBe(200);
    });

    test.each([
      [
        "/away.jpg",
        400,
        "redirected to http://169.254.169.254, which is not in IMAGE_REMOTE_ORIGINS",
      ],
      ["/loop.jpg", 502, "redirected more than 3 times"],
      ["/huge.jpg", 502, "larger than 2000000 bytes"],
      ["/page.jpg", 400, "the source is not an image"],
      ["/missing.jpg", 502, "remote source answered 404"],
      ["/slow.jpg", 504, "timed out"],
    ])("%s -> %i (%s)", async (path, status, reason) => {
      const response = await server.request(image(`${originUrl}${path}`), { timeoutMs: 5000 });
      expect(response.status).toBe(status);
      expect(response.body).toContain(reason);
      const warning = await server.waitForLog(
        (line: LogLine) =>
          line.msg === "image refused" && line.reqId === response.headers["x-request-id"],
      );
      // The log names the source without its query, which may carry a token.
      expect(warning.src).toBe(`${originUrl}${path}`);
    });

    test("an origin not on the allowlist is refused before any request", async () => {
      const response = await server.request(image("http://127.0.0.2:1/cat.jpg"));
      expect(response.status).toBe(400);
      expect(response.body).toContain("is not in IMAGE_REMOTE_ORIGINS");
    });
  });
});

describe("the optimizer's memory budget", () => {
  const MiB = 1 << 20;
  /** V8's limits in a 256 MiB container, as the image's command sets them. */
  const HEAP_OF_256_MIB = "--max-old-space-size=51 --max-semi-space-size=8";
  let build: { dir: string; photoBytes: number };
  let server: RunningServer;

  beforeAll(async () => {
    build = await buildWithFixtures();
    // 4000 x 2667 in WebP: decoded whole, it takes more than 120 MiB in any format at 3840 px.
    await sharp("site/public/images/valley.jpg")
      .resize({ width: 4000 })
      .webp()
      .toFile(join(build.dir, "client", "fixtures", "wide.webp"));
    server = await startServer({
      BUILD_DIR: build.dir,
      IMAGE_CACHE_DIR: "",
      IMAGE_TRANSFORM_MEMORY_BYTES: String(120 * MiB),
    });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await rm(build.dir, { recursive: true, force: true });
  });

  const get = (path: string, accept: string) =>
    server.request(path, { headers: { accept }, timeoutMs: 20_000 });

  test("an AVIF too large for the budget is answered in WebP, the client's next format", async () => {
    // The 2400 x 1600 photo in AVIF: about 150 MiB at its peak.
    const response = await get(image("/images/valley.jpg", 3840), CHROME_ACCEPT);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers.vary).toBe("Accept");
    expect((await sharp(response.bytes).metadata()).width).toBe(2400);
    const line = await server.accessLog(response);
    expect(
      computed(server).find((computedLine) => computedLine.reqId === line.reqId),
    ).toMatchObject({ format: "webp", asked: "avif" });
  });

  test("a narrower variant of the same photo fits: AVIF", async () => {
    const response = await get(image("/images/valley.jpg", 1080), CHROME_ACCEPT);
    expect(response.headers["content-type"]).toBe("image/avif");
  });

  test("a client that takes AVIF and no WebP gets the source's own format", async () => {
    const response = await get(image("/images/valley.jpg", 3840), "image/avif,image/*;q=0.8");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
  });

  test("a variant that fits in no format is a 400 naming the budget, logged once at warn", async () => {
    const response = await get(image("/fixtures/wide.webp", 3840), CHROME_ACCEPT);
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/more memory than the optimizer's budget of 120 MiB/);
    const requestId = response.headers["x-request-id"];
    await server.accessLog(response);
    const refusals = server.logs.filter(
      (line) => line.msg === "image refused" && line.reqId === requestId,
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.level).toBe("warn");
    // The same source at a width that fits is served.
    expect((await get(image("/fixtures/wide.webp", 1080), CHROME_ACCEPT)).status).toBe(200);
  });

  test("in a 256 MiB plan, the listening line says what images get", async () => {
    const planned = await startServer({
      MEMORY_LIMIT_BYTES: String(256 * MiB),
      NODE_OPTIONS: HEAP_OF_256_MIB,
    });
    try {
      const listening = await planned.waitForLog((line) => line.msg === "listening");
      expect(listening.memory).toMatchObject({
        limitMiB: 256,
        from: "MEMORY_LIMIT_BYTES",
        heapMiB: 75,
        imageTransformsMiB: 101,
      });
    } finally {
      await planned.stop();
    }
  });

  test.each([
    [{ RENDER_CACHE_MAX_BYTES: String(64 * MiB) }, "RENDER_CACHE_MAX_BYTES"],
    [{ IMAGE_MEMORY_CACHE_MAX_BYTES: String(48 * MiB) }, "IMAGE_MEMORY_CACHE_MAX_BYTES"],
    [{ IMAGE_TRANSFORM_MEMORY_BYTES: String(200 * MiB) }, "IMAGE_TRANSFORM_MEMORY_BYTES"],
  ])("in 256 MiB, %j cannot fit: the start stops, naming %s", async (env, key) => {
    const { code, output } = await runToExit({
      MEMORY_LIMIT_BYTES: String(256 * MiB),
      NODE_OPTIONS: HEAP_OF_256_MIB,
      ...env,
    });
    expect(code).toBe(1);
    expect(fatalMessage(output)).toMatch(/^Invalid configuration:/);
    expect(fatalMessage(output)).toContain(key);
  });
});
