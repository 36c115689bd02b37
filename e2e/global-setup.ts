/**
 * Starts what the browser suite runs against, unless BASE_URL names a running
 * deployment: the app image (E2E_FIXTURES=1, TRUST_PROXY=1, read-only root) and
 * nginx in front of it with the project's own docker/nginx.conf, on one Docker
 * network, as docker-compose.yml runs them. Returns the teardown.
 */
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

const PROXY_PORT = 8080;

export default async function globalSetup() {
  if (process.env.BASE_URL) {
    process.env.APP_URL = process.env.BASE_URL;
    return;
  }
  // Imported here: the smoke image runs the suite with BASE_URL and has neither.
  const { GenericContainer, Network, Wait } = await import("testcontainers");
  const { APP_PORT, AppContainer } = await import("../tests/container/app-container.ts");
  // The reaper image cannot always be pulled; the teardown below removes everything.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
  const given = process.env.APP_IMAGE;
  const image = given ?? `rr-ssr-shell:e2e-${process.pid}`;
  if (!given) execFileSync("scripts/build-image.sh", [image], { stdio: "inherit" });

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
      { source: "docker/nginx.conf", target: "/etc/nginx/conf.d/default.conf" },
      { source: "docker/upstream-sync.sh", target: "/etc/nginx/upstream-sync.sh" },
    ])
    .withEntrypoint(["/bin/bash", "/etc/nginx/upstream-sync.sh"])
    .withCommand(["nginx", "-g", "daemon off;"])
    .withExposedPorts(PROXY_PORT)
    .withWaitStrategy(Wait.forHttp("/readyz", PROXY_PORT).forStatusCode(200))
    .start();

  // The app's log, for specs that look for what the browser reported in it.
  const appLog = join("test-results", "app.log");
  mkdirSync(dirname(appLog), { recursive: true });
  (await app.logs()).pipe(createWriteStream(appLog));
  process.env.APP_LOG = appLog;

  process.env.APP_URL = `http://${app.getHost()}:${app.getMappedPort(APP_PORT)}`;
  process.env.PROXY_URL = `http://${proxy.getHost()}:${proxy.getMappedPort(PROXY_PORT)}`;

  return async () => {
    await proxy.stop();
    await app.stop({ timeout: 10_000 });
    await network.stop();
    if (!given)
      execFileSync(process.env.DOCKER ?? "docker", ["rmi", "--force", image], { stdio: "ignore" });
  };
}
