/**
 * Compresses every compressible file of the client build, once, at build time:
 * brotli at its highest quality and gzip at its highest level, written beside
 * the file (`x.js.br`, `x.js.gz`) where that saves bytes. The server's static
 * index serves them to clients that accept them (server/steps/static.ts), so a
 * compressed asset costs no more CPU than a raw one.
 *
 *   node scripts/precompress.ts [DIR]     (default: build/client)
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isCompressible, MIN_COMPRESSIBLE_BYTES } from "../server/pages/compression.ts";
import { contentTypeOf, VARIANT_EXTENSIONS } from "../server/steps/static.ts";

const dir = process.argv[2] ?? "build/client";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

let files = 0;
let raw = 0;
let br = 0;
let gz = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  if (Object.values(VARIANT_EXTENSIONS).some((ext) => path.endsWith(ext))) continue;
  if (!isCompressible(contentTypeOf(path))) continue;
  const body = await readFile(path);
  if (body.length < MIN_COMPRESSIBLE_BYTES) continue;
  const [brotliBody, gzipBody] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (brotliBody.length < body.length) await writeFile(path + VARIANT_EXTENSIONS.br, brotliBody);
  if (gzipBody.length < body.length) await writeFile(path + VARIANT_EXTENSIONS.gzip, gzipBody);
  files++;
  raw += body.length;
  br += brotliBody.length;
  gz += gzipBody.length;
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `precompressed ${files} files in ${dir}: ${kib(raw)} raw, ${kib(br)} brotli, ${kib(gz)} gzip`,
);
