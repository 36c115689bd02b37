/**
 * assetPrefix as a deployment uses it: an image built with ASSET_PREFIX, and a
 * second nginx on another port playing the CDN, pulling /assets/* from the app
 * (origin pull) and answering with the CORS header module scripts need.
 */
import { execFileSync } from "node:child_process";
import { chromium, type Browser } from "@playwright/test";
import {
  GenericContainer,
  Network,
  type StartedNetwork,
  type StartedTestContainer,
} from "testcontainers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { chromiumArgs, chromiumPath } from "../../e2e/chromium.ts";
import { msUntilDocumentLoad, ROUTE_LOAD_TIMEOUT_MS } from "../../e2e/client-navigation.ts";
import { rawRequest } from "../integration/harness.ts";
import { APP_PORT, AppContainer } from "./app-container.ts";
import { DOCKER, freePort } from "./stack.ts";

const CDN_PORT_IN_CONTAINER = 8090;
const IMAGE = `rr-ssr-shell:cdn-${process.pid}`;

const cdnConfig = `server {
  listen ${CDN_PORT_IN_CONTAINER};
  location /assets/ {
    proxy_pass http://app:${APP_PORT};
    proxy_hide_header Access-Control-Allow-Origin;
    add_header Access-Control-Allow-Origin "*" always;
  }
  location / {
    return 404;
  }
}
`;

let network: StartedNetwork;
let app: StartedTestContainer;
let cdn: StartedTestContainer;
let browser: Browser;
let cdnOrigin: string;
let appOrigin: string;

beforeAll(async () => {
  // The CDN's address is built into the pages: its host port is chosen first.
  const cdnPort = await freePort();
  cdnOrigin = `http://127.0.0.1:${cdnPort}`;
  execFileSync("scripts/build-image.sh", [IMAGE], {
    env: { ...process.env, ASSET_PREFIX: cdnOrigin },
    stdio: "inherit",
  });
  network = await new Network().start();
  app = await new AppContainer(IMAGE).withNetwork(network).withNetworkAliases("app").start();
  appOrigin = `http://127.0.0.1:${app.getMappedPort(APP_PORT)}`;
  cdn = await new GenericContainer(process.env.PROXY_IMAGE ?? "nginx:1.27-bookworm")
    .withCommand(["nginx", "-g", "daemon off;"])
    .withNetwork(network)
    .withCopyContentToContainer([{ content: cdnConfig, target: "/etc/nginx/conf.d/cdn.conf" }])
    .withExposedPorts({ container: CDN_PORT_IN_CONTAINER, host: cdnPort })
    .start();
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await cdn?.stop({ timeout: 1000 }).catch(() => undefined);
  await app?.stop({ timeout: 1000 }).catch(() => undefined);
  await network?.stop().catch(() => undefined);
  execFileSync(DOCKER, ["rmi", "--force", IMAGE], { stdio: "ignore" });
}, 60_000);

test("the page names the CDN for its scripts, and the CDN serves them, pulled from the app", async () => {
  const page = await rawRequest(app.getMappedPort(APP_PORT), "/about");
  const script = /<link rel="modulepreload" href="([^"]+)"/.exec(page.body)?.[1];
  expect(script).toMatch(new RegExp(`^${cdnOrigin}/assets/[\\w.-]+\\.js$`));
  expect(String(page.headers["content-security-policy"])).toContain(
    `script-src 'self' ${cdnOrigin}/ `,
  );
  const fromCdn = await rawRequest(Number(new URL(cdnOrigin).port), new URL(script!).pathname);
  expect(fromCdn.status).toBe(200);
  expect(fromCdn.headers["access-control-allow-origin"]).toBe("*");
  expect(fromCdn.headers["cache-control"]).toMatch(/immutable/);
});

test("in Chromium, the page hydrates on the CDN's scripts, and a chunk the CDN holds falls back at the timeout", async () => {
  const page = await browser.newPage();
  try {
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).origin);
    });
    // The CDN holds the blog post's route chunk: never answered.
    await page.route(
      (url) => url.origin === cdnOrigin && /\/_slug_-[\w-]+\.js$/.test(url.pathname),
      () => {},
    );
    await page.goto(`${appOrigin}/about`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect([...scripts]).toEqual([cdnOrigin]);

    const delay = await msUntilDocumentLoad(page, "/blog/hello", `${appOrigin}/blog/hello`);
    console.log(`route chunk held at the CDN: document load after ${delay} ms`);
    expect(delay).toBeGreaterThanOrEqual(ROUTE_LOAD_TIMEOUT_MS - 100);
  } finally {
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.close();
  }
});
