/**
 * With PUBLIC_ORIGIN set, the server keeps the pages the build rendered once
 * at start (server/static-pages/warm.ts): a release's first visitor of
 * /fr/about or of a docs page (getStaticProps) gets the kept page, not a
 * render of their own.
 * WARM_PAGES=false, or no PUBLIC_ORIGIN, leaves each to its first request.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type RunningServer } from "./harness.ts";

const ORIGIN = "http://shop.example";
/** What the build listed: every page rendered once, in every locale. */
const { urls } = JSON.parse(
  readFileSync(new URL("../../build/prerendered-props.json", import.meta.url), "utf8"),
) as { urls: string[] };

describe("with a public origin", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_ORIGIN: ORIGIN });
  }, 60_000);
  afterAll(() => server?.stop());

  test("every page the build rendered once is kept at start, once, and said so", async () => {
    const line = await server.waitForLog(
      (entry) => entry.msg === "pages rendered once kept at start",
      30_000,
    );
    expect(urls.length).toBeGreaterThan(10);
    expect(line).toMatchObject({ level: "info", origin: ORIGIN, pages: urls.length });
    const rendered = server.logs.filter((entry) => entry.msg === "page rendered once");
    expect(rendered.map((entry) => entry.target).sort()).toEqual([...urls].sort());
  });

  test.each(["/", "/fr/about", "/de/docs/getting-started/install"])(
    "the first request for %s gets the kept page",
    async (path) => {
      await server.waitForLog((entry) => entry.msg === "pages rendered once kept at start", 30_000);
      const response = await server.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      // Kept for the public origin: its canonical link is there.
      expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}`);
    },
  );
});

test.each([
  ["WARM_PAGES=false", { PUBLIC_ORIGIN: ORIGIN, WARM_PAGES: "false" }],
  ["no PUBLIC_ORIGIN", {}],
])(
  "with %s, nothing is kept at start",
  async (_, env: Record<string, string>) => {
    const server = await startServer(env);
    try {
      const response = await server.request("/fr/about");
      expect(response.status).toBe(200);
      // Rendered for this request: a kept page would carry its ETag.
      expect(response.headers.etag).toBeUndefined();
      expect(server.logs.some((entry) => entry.msg === "pages rendered once kept at start")).toBe(
        false,
      );
    } finally {
      await server.stop();
    }
  },
  60_000,
);
