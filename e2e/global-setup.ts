/**
 * Starts what the browser suite runs against, unless BASE_URL names a running
 * deployment: the app image (E2E_FIXTURES=1, TRUST_PROXY=1, read-only root) and
 * nginx in front of it with the project's own docker/proxy/ (HTTPS with HTTP/2
 * and its self-signed certificate), on one Docker network, as docker-compose.yml
 * runs them. The browsers trust that certificate by its key (E2E_TRUSTED_KEYS).
 * Returns the teardown.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { presentedKey } from "./chromium.ts";
import { hostNetworkSettled } from "./host-network.ts";
import { saveSiteUrls } from "./site-urls.ts";
import underBase from "../tests/base-path/site.config.ts";
import { siteConfigInputOf } from "../app/routing/site-config.ts";

const PROXY_PORT = 8080;
const PROXY_TLS_PORT = 8443;

/** What a copy of the app for an image leaves out (beside .dockerignore's rules). */
const NOT_COPIED = new Set([".git", ".tools", "node_modules", "build", ".react-router", "bench"]);
const NOT_COPIED_ANYWHERE = ["test-results", "playwright-report"];

/**
 * The app image of the second site: this checkout copied, its site.config.ts
 * replaced by tests/second-site/'s (as a team's own config would be), built as
 * scripts/build-image.sh builds ours, from the copy.
 */
async function buildSecondSiteImage(tag: string): Promise<void> {
  const { default: second } = await import("../tests/second-site/site.config.ts");
  const copy = mkdtempSync(join(tmpdir(), "second-site-"));
  try {
    for (const entry of readdirSync(".")) {
      if (NOT_COPIED.has(entry) || NOT_COPIED_ANYWHERE.includes(entry)) continue;
      cpSync(entry, join(copy, entry), { recursive: true });
    }
    writeFileSync(
      join(copy, "site.config.ts"),
      `import { defineSiteConfig } from "./app/routing/site-config.ts";\n\n` +
        `export default defineSiteConfig(${JSON.stringify(siteConfigInputOf(second), null, 2)});\n`,
    );
    execFileSync(join(copy, "scripts/build-image.sh"), [tag], { stdio: "inherit" });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export default async function globalSetup() {
  if (process.env.BASE_URL) {
    // The site may live under a path of its origin (https://host/shop): the specs
    // take its URLs (which carry that path) from its sitemap, and ask the origin.
    process.env.APP_URL = new URL(process.env.BASE_URL).origin;
    await saveSiteUrls(process.env.BASE_URL, Boolean(process.env.E2E_TRUSTED_KEYS));
    return;
  }
  // Imported here: the smoke image runs the suite with BASE_URL and has neither.
  const { GenericContainer, Network, Wait } = await import("testcontainers");
  const { APP_PORT, AppContainer } = await import("../tests/container/app-container.ts");
  // The reaper image cannot always be pulled; the teardown below removes everything.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
  // Published ports are on this machine's loopback (vitest.config.ts says why).
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= "127.0.0.1";
  // The other sites are always built here: the second from a copy of the app with
  // its config, this one under a base path with BASE_PATH, as a deployment would.
  const otherSite = process.env.E2E_SITE;
  const basePath = otherSite === "base-path" ? underBase.basePath : "";
  const given = otherSite ? undefined : process.env.APP_IMAGE;
  const image = given ?? `rr-ssr-shell:e2e-${process.pid}`;
  if (otherSite === "second-site") await buildSecondSiteImage(image);
  else if (!given)
    execFileSync("scripts/build-image.sh", [image], {
      stdio: "inherit",
      env: { ...process.env, BASE_PATH: basePath },
    });

  const network = await new Network().start();
  const app = await new AppContainer(image)
    .withReadOnlyRootFilesystem()
    .withNetwork(network)
    .withNetworkAliases("app")
    .withEnvironment({ E2E_FIXTURES: "1", TRUST_PROXY: "1", LOG_LEVEL: "info" })
    .start();
  const proxy = await new GenericContainer(process.env.PROXY_IMAGE ?? "nginx:1.27-bookworm")
    .withNetwork(network)
    .withCopyFilesToContainer([
      { source: "docker/proxy/default.conf", target: "/etc/nginx/conf.d/default.conf" },
      ...["app.conf", "tls-setup.sh", "upstream-sync.sh"].map((name) => ({
        source: `docker/proxy/${name}`,
        target: `/etc/nginx/proxy/${name}`,
      })),
    ])
    // Where the app's hashed files are: under its base path.
    .withEnvironment({ BASE_PATH: basePath })
    .withEntrypoint([
      "/bin/bash",
      "/etc/nginx/proxy/tls-setup.sh",
      "/bin/bash",
      "/etc/nginx/proxy/upstream-sync.sh",
    ])
    .withCommand(["nginx", "-g", "daemon off;"])
    .withExposedPorts(PROXY_PORT, PROXY_TLS_PORT)
    .withWaitStrategy(Wait.forHttp("/readyz", PROXY_PORT).forStatusCode(200))
    .start();

  // The app's log, for specs that look for what the browser reported in it.
  const appLog = join("test-results", "app.log");
  mkdirSync(dirname(appLog), { recursive: true });
  (await app.logs()).pipe(createWriteStream(appLog));
  process.env.APP_LOG = appLog;

  process.env.APP_URL = `http://${app.getHost()}:${app.getMappedPort(APP_PORT)}`;
  process.env.PROXY_URL = `https://${proxy.getHost()}:${proxy.getMappedPort(PROXY_TLS_PORT)}`;
  process.env.E2E_TRUSTED_KEYS = await presentedKey(process.env.PROXY_URL);
  // The sitemap is the site's: under its base path; the URLs it lists carry it.
  await saveSiteUrls(process.env.APP_URL + basePath, false);
  // The containers' links changed the host's network, which fails a browser's
  // request in flight while it settles (host-network.ts).
  const hostNetwork = await hostNetworkSettled();
  if (!hostNetwork.settled)
    console.warn(`the host network was still changing after ${hostNetwork.waitedMs} ms`);

  return async () => {
    await proxy.stop();
    await app.stop({ timeout: 10_000 });
    await network.stop();
    if (!given)
      execFileSync(process.env.DOCKER ?? "docker", ["rmi", "--force", image], { stdio: "ignore" });
  };
}
