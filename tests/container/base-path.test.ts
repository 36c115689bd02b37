/**
 * basePath as a deployment uses it: an image built with BASE_PATH=/shop, run by
 * docker-compose.yml with the same BASE_PATH (nginx needs it for the hashed
 * files' location), as a sub-path of a larger domain is served; and the smoke
 * image given the site's URL with its path, https://proxy:8443/shop.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { rawRequest } from "../integration/harness.ts";
import { DOCKER, runSmoke, stack, type Stack } from "./stack.ts";

const BASE = "/shop";
const IMAGE = `rr-ssr-shell:base-path-${process.pid}`;

let site: Stack;

beforeAll(async () => {
  execFileSync("scripts/build-image.sh", [IMAGE], {
    env: { ...process.env, BASE_PATH: BASE },
    stdio: "inherit",
  });
  site = await stack("rrbase", { APP_IMAGE: IMAGE, BASE_PATH: BASE });
  await site.up();
}, 300_000);

afterAll(() => {
  site?.compose("down", "--volumes", "--remove-orphans", "--timeout", "15");
  execFileSync(DOCKER, ["rmi", "--force", IMAGE], { stdio: "ignore" });
}, 120_000);

test("through nginx: the pages below the base path, the not-found page outside it, the probes at the root", async () => {
  const page = await rawRequest(site.proxyPort, `${BASE}/fr/about`, {
    headers: { Host: "example.com" },
  });
  expect(page.status).toBe(200);
  expect(page.body).toContain('<link rel="canonical" href="http://example.com/shop/fr/about"/>');
  const home = await rawRequest(site.proxyPort, `${BASE}/?x=1`);
  expect(home.status).toBe(308);
  expect(home.headers.location).toBe(`${BASE}?x=1`);
  for (const outside of ["/about", "/", "/SHOP/about"]) {
    const response = await rawRequest(site.proxyPort, outside);
    expect(response.status, outside).toBe(404);
    expect(response.body, outside).toContain('data-page="not-found"');
  }
  expect((await rawRequest(site.proxyPort, "/readyz")).status).toBe(200);
});

test("nginx gives the hashed files under the base path their own location", async () => {
  const page = await rawRequest(site.proxyPort, `${BASE}/about`);
  const asset = /import\("(\/shop\/assets\/entry\.client-[^"]+\.js)"\)/.exec(page.body)?.[1];
  expect(asset).toBeDefined();
  const response = await rawRequest(site.proxyPort, asset!);
  expect(response.status).toBe(200);
  expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  const config = site.compose(
    "exec",
    "-T",
    "proxy",
    "cat",
    "/etc/nginx/generated/assets-location.conf",
  );
  expect(config).toMatch(/^location \/shop\/assets\/ \{/);
});

// Its time is printed, not checked (this host is shared).
test("the smoke image, given the site's URL with its path, passes against the stack", () => {
  const run = runSmoke(site.project, inject("smokeImage"), `https://proxy:8443${BASE}`, [
    "--max-ms",
    "5000",
  ]);
  const summary = run.output.trim().split("\n").at(-1);
  console.log(`smoke against /shop: ${summary} (${run.seconds.toFixed(1)} s with the container)`);
  expect(summary).toMatch(/^\d+ passed, 0 failed$/);
  expect(Number(/^(\d+)/.exec(summary!)![1])).toBeGreaterThanOrEqual(30);
  expect(run.status).toBe(0);
}, 300_000);
