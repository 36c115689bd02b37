/**
 * The image optimizer, side by side with Next.js 16's (`/_next/image`), on the
 * example app's photo (site/public/images/valley.jpg, 2400 x 1600):
 *   - warm cache: CPU per request of a variant already computed, next to a
 *     static file of the same server (target: within 2x);
 *   - a cold burst: 200 distinct variants (width x quality x format), 16 at a
 *     time, on a fresh process with empty caches: p50/p99 latency, the server's
 *     CPU per variant and its peak RSS (VmHWM; target: under 300 MB; and the
 *     anonymous part, what a container's limit cannot reclaim), and the
 *     bytes of each variant against Next.js's for the same width, quality and
 *     format (target: no larger).
 *
 * Part of `npm run bench`; alone: `npm run bench:images`. Loopback only, bounded
 * in time. Environment as bench/run.ts (BENCH_NEXT=0 skips the Next.js peer).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IMAGE_WIDTHS } from "../app/images.ts";
import { cpuMs, measure, median, pad, pinLoadGenerator, type Running } from "./measure.ts";
import { NEXT_SITE_DIR, prepareNext, startNext, startOurs } from "./servers.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURST_VARIANTS = 200;
const BURST_CONCURRENCY = 16;
/** Bounds: one image request, and a whole burst. */
const REQUEST_TIMEOUT_MS = 60_000;
const BURST_TIMEOUT_MS = 300_000;
const SOURCE = "/images/valley.jpg";
/** The qualities both optimizers are configured to accept for the burst (see bench/nextjs/next.config.mjs). */
export const BENCH_QUALITIES = [50, 60, 70, 75, 80, 90] as const;
const STATIC_FILE = "/images/shell.svg";

type Format = "avif" | "webp" | "jpeg";
const ACCEPT: Record<Format, string> = {
  avif: "image/avif,image/webp,image/*,*/*;q=0.8",
  webp: "image/webp,image/*,*/*;q=0.8",
  jpeg: "image/*,*/*;q=0.8",
};

interface Variant {
  width: number;
  quality: number;
  format: Format;
}

interface Peer {
  name: string;
  start(): Promise<Running>;
  url(variant: Omit<Variant, "format">): string;
}

/**
 * 200 distinct variants, interleaved so that every stretch of the burst mixes
 * sizes and formats: widths up to 1200 px (what a phone to a laptop asks for),
 * every burst quality, three formats.
 */
export function burstVariants(): Variant[] {
  const variants: Variant[] = [];
  const widths = IMAGE_WIDTHS.filter((w) => w <= 1200);
  for (const quality of BENCH_QUALITIES) {
    for (const width of widths) {
      for (const format of ["avif", "webp", "jpeg"] as const) {
        variants.push({ width, quality, format });
      }
    }
  }
  // A fixed shuffle (a stride coprime with the length), the same on every run.
  const stride = 7;
  return variants.map((_, i) => variants[(i * stride) % variants.length]!).slice(0, BURST_VARIANTS);
}

/** A field of /proc/<pid>/status, in MB. */
function statusMb(pid: number, field: "VmHWM" | "RssAnon"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}

interface Fetched {
  status: number;
  contentType: string;
  bytes: number;
  ms: number;
}

async function get(port: number, path: string, accept: string): Promise<Fetched> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { accept },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    bytes: body.byteLength,
    ms: performance.now() - started,
  };
}

async function burst(server: Running, peer: Peer, variants: Variant[]) {
  const results: (Fetched | undefined)[] = Array.from({ length: variants.length });
  const cpuBefore = cpuMs(server.pid);
  // VmHWM counts the mapped binaries too (Node, libvips), which a container's
  // memory limit can reclaim; the heap and libvips' buffers are RssAnon: sampled.
  let peakAnonMb = statusMb(server.pid, "RssAnon");
  const sampler = setInterval(() => {
    peakAnonMb = Math.max(peakAnonMb, statusMb(server.pid, "RssAnon"));
  }, 50);
  const deadline = Date.now() + BURST_TIMEOUT_MS;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BURST_CONCURRENCY }, async () => {
      while (next < variants.length && Date.now() < deadline) {
        const i = next++;
        const variant = variants[i]!;
        results[i] = await get(server.port, peer.url(variant), ACCEPT[variant.format]).catch(
          () => ({ status: 0, contentType: "", bytes: 0, ms: REQUEST_TIMEOUT_MS }),
        );
      }
    }),
  );
  clearInterval(sampler);
  const wallS = (performance.now() - started) / 1000;
  const answered = results.filter((r): r is Fetched => r !== undefined);
  const latencies = answered.map((r) => r.ms).sort((a, b) => a - b);
  return {
    results,
    wallS,
    failed: answered.filter((r) => r.status !== 200).length + (variants.length - answered.length),
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? NaN,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN,
    cpuMsPerVariant: (cpuMs(server.pid) - cpuBefore) / Math.max(1, answered.length),
    peakRssMb: statusMb(server.pid, "VmHWM"),
    peakAnonMb,
  };
}

export async function benchImages({ withNext }: { withNext: boolean }): Promise<void> {
  const cacheRoot = mkdtempSync(join(tmpdir(), "bench-images-"));
  let caches = 0;
  const ours: Peer = {
    name: "ours",
    // A fresh, empty disk cache for every process: the default setup, measured cold.
    start: () =>
      startOurs({
        MALLOC_ARENA_MAX: "2", // as the Dockerfile sets it: see there
        IMAGE_QUALITIES: BENCH_QUALITIES.join(","),
        IMAGE_CACHE_DIR: join(cacheRoot, String(caches++)),
      }),
    url: ({ width, quality }) =>
      `/_image?src=${encodeURIComponent(SOURCE)}&w=${width}&q=${quality}`,
  };
  const peers = [ours];
  if (withNext) {
    prepareNext();
    peers.push({
      name: "Next.js 16",
      start: () => {
        rmSync(`${NEXT_SITE_DIR}/.next/cache/images`, { recursive: true, force: true });
        return startNext();
      },
      url: ({ width, quality }) =>
        `/_next/image?url=${encodeURIComponent(SOURCE)}&w=${width}&q=${quality}`,
    });
  }

  console.log(
    `\n# images: ${SOURCE} (2400 x 1600 JPEG); warm: ${ROUNDS} rounds; cold burst: ` +
      `${BURST_VARIANTS} distinct variants, ${BURST_CONCURRENCY} at a time, fresh processes`,
  );

  // Warm cache: one variant computed, then asked for again and again.
  const warmVariant = { width: 640, quality: 75 };
  const warm = new Map<string, { image: number[]; file: number[]; bytes: number }>();
  for (const peer of peers) {
    const server = await peer.start();
    try {
      const first = await get(server.port, peer.url(warmVariant), ACCEPT.avif);
      if (first.status !== 200) throw new Error(`${peer.name}: warm-up answered ${first.status}`);
      const headers = { accept: ACCEPT.avif };
      await measure(server, peer.url(warmVariant), 200, { amount: 1000, headers });
      await measure(server, STATIC_FILE, 200, { amount: 1000 });
      const samples = { image: [] as number[], file: [] as number[], bytes: first.bytes };
      for (let round = 0; round < ROUNDS; round++) {
        samples.image.push(
          (await measure(server, peer.url(warmVariant), 200, { headers })).cpuMsPerRequest,
        );
        samples.file.push((await measure(server, STATIC_FILE, 200)).cpuMsPerRequest);
      }
      warm.set(peer.name, samples);
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\n${"warm cache (w=640 q=75 avif)".padEnd(32)}${"server".padEnd(14)}${pad("CPU ms/req", 11)}  ${STATIC_FILE} CPU ms/req  ratio`,
  );
  for (const [name, { image, file, bytes }] of warm) {
    const ratio = median(image) / median(file);
    console.log(
      `${`${(bytes / 1024).toFixed(1)} KiB`.padEnd(32)}${name.padEnd(14)}${pad(median(image).toFixed(3), 11)}` +
        `  ${pad(median(file).toFixed(3), 24)}  ${ratio.toFixed(2)}`,
    );
  }

  // Cold burst, each server on a fresh process with empty caches.
  const variants = burstVariants();
  const bursts = new Map<string, Awaited<ReturnType<typeof burst>>>();
  for (const peer of peers) {
    const server = await peer.start();
    try {
      bursts.set(peer.name, await burst(server, peer, variants));
    } finally {
      await server.stop();
    }
  }
  rmSync(cacheRoot, { recursive: true, force: true });
  console.log(
    `\n${"cold burst".padEnd(14)}${pad("wall s", 8)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}` +
      `${pad("CPU ms/variant", 16)}${pad("peak RSS MB", 13)}${pad("of it anon", 12)}  failed`,
  );
  for (const [name, b] of bursts) {
    console.log(
      `${name.padEnd(14)}${pad(b.wallS.toFixed(1), 8)}${pad(b.p50.toFixed(0), 9)}${pad(b.p99.toFixed(0), 9)}` +
        `${pad(b.cpuMsPerVariant.toFixed(0), 16)}${pad(b.peakRssMb.toFixed(0), 13)}` +
        `${pad(b.peakAnonMb.toFixed(0), 12)}  ${b.failed}`,
    );
  }

  const targets: [string, number | undefined, string, (v: number) => boolean][] = [];
  const oursWarm = warm.get("ours")!;
  targets.push([
    "warm image / static file, ours",
    median(oursWarm.image) / median(oursWarm.file),
    "<= 2",
    (r) => r <= 2,
  ]);
  targets.push([
    "cold burst peak RSS, ours, MB",
    bursts.get("ours")!.peakRssMb,
    "< 300",
    (v) => v < 300,
  ]);
  const theirs = bursts.get("Next.js 16");
  if (theirs) {
    const mine = bursts.get("ours")!;
    console.log(`\nbytes per variant, ours / Next.js 16 (same width, quality and format)`);
    let larger = 0;
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const ratios: number[] = [];
      variants.forEach((variant, i) => {
        const a = mine.results[i];
        const b = theirs.results[i];
        if (variant.format !== format || a?.status !== 200 || b?.status !== 200) return;
        if (a.contentType !== b.contentType) {
          console.log(
            `  w=${variant.width} q=${variant.quality}: ${a.contentType} vs ${b.contentType}`,
          );
          return;
        }
        ratios.push(a.bytes / b.bytes);
        if (a.bytes > b.bytes) larger++;
      });
      const sorted = [...ratios].sort((x, y) => x - y);
      console.log(
        `  ${format.padEnd(6)}${pad(String(ratios.length), 4)} variants: median ${median(ratios).toFixed(3)}, ` +
          `range ${sorted[0]?.toFixed(3)} to ${sorted.at(-1)?.toFixed(3)}`,
      );
    }
    targets.push(["variants larger than Next.js's", larger, "0", (n) => n === 0]);
  }
  console.log("\nimage targets (this run)");
  for (const [name, value, target, met] of targets) {
    const verdict = value === undefined ? "n/a" : met(value) ? "met" : "MISSED";
    console.log(
      `  ${name.padEnd(34)}${pad(value?.toFixed(3) ?? "n/a", 9)}  target ${target}: ${verdict}`,
    );
  }
}

if (import.meta.main) {
  await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");
  await benchImages({ withNext: process.env.BENCH_NEXT !== "0" });
}
