import { getContainerRuntimeClient, type StartedTestContainer } from "testcontainers";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { rawRequest } from "../integration/harness.ts";
import { APP_PORT, AppContainer } from "./app-container.ts";

let container: StartedTestContainer;
let port: number;
const logs: string[] = [];

beforeAll(async () => {
  container = await new AppContainer(inject("appImage"))
    .withReadOnlyRootFilesystem()
    .withLogConsumer((stream) => stream.on("data", (line: Buffer) => logs.push(line.toString())))
    .start();
  port = container.getMappedPort(APP_PORT);
});

afterAll(async () => {
  // The SIGTERM test stops it; this only cleans up after a failure.
  await container?.stop({ timeout: 1000 }).catch(() => undefined);
});

test("serves a page", async () => {
  const response = await rawRequest(port, "/fr/blog/hello%20world");
  expect(response.status).toBe(200);
  expect(response.body).toContain('<html lang="fr">');
  expect(response.body).toContain('data-route="/blog/[slug]"');
});

test("redirects a non-canonical URL with 308", async () => {
  const response = await rawRequest(port, "/FR//about/?q=1");
  expect(response.status).toBe(308);
  expect(response.headers.location).toBe("/fr/about?q=1");
});

test("answers 404 for an unknown path", async () => {
  const response = await rawRequest(port, "/no/such/page");
  expect(response.status).toBe(404);
});

test("resizes an image on a read-only root: sharp loads, the disk cache is off with one warning", async () => {
  const response = await rawRequest(port, "/_image?src=%2Fimages%2Fvalley.jpg&w=640&q=75", {
    headers: { accept: "image/webp,*/*" },
    timeoutMs: 20_000,
  });
  expect(response.status).toBe(200);
  expect(response.headers["content-type"]).toBe("image/webp");
  expect(response.bytes.subarray(8, 12).toString()).toBe("WEBP");
  expect(response.bytes.length).toBeLessThan(20_000); // the original is 390 KB
  const warnings = logs.filter((line) => line.includes("image disk cache off"));
  expect(warnings).toHaveLength(1);
});

test("runs as a non-root user", async () => {
  const { output, exitCode } = await container.exec(["id", "-u"]);
  expect(exitCode).toBe(0);
  expect(output.trim()).not.toBe("0");
});

test("runs with a read-only root filesystem, and its code is not writable", async () => {
  for (const path of ["/app/build/x", "/tmp/x", "/home/node/x"]) {
    const { exitCode, output } = await container.exec(["touch", path]);
    expect(exitCode, path).not.toBe(0);
    expect(output).toMatch(/Read-only file system|Permission denied/);
  }
});

test("is production: NODE_ENV=production, no dev dependencies, no sources", async () => {
  const { output } = await container.exec([
    "sh",
    "-c",
    "echo $NODE_ENV; ls /app; ls /app/node_modules",
  ]);
  expect(output).toContain("production");
  expect(output).not.toMatch(/\bapp\b|\bserver\b|\btests\b|vitest|typescript|@react-router\/dev/);
});

test("the image's HEALTHCHECK reports healthy", async () => {
  const client = await getContainerRuntimeClient();
  const deadline = Date.now() + 20_000;
  let health = "";
  while (Date.now() < deadline) {
    const info = await client.container.getById(container.getId()).inspect();
    health = info.State.Health?.Status ?? "none";
    if (health !== "starting") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(health).toBe("healthy");
});

test("SIGTERM: the server drains and exits 0, promptly", async () => {
  const client = await getContainerRuntimeClient();
  const id = container.getId();
  const started = performance.now();
  await container.stop({ timeout: 10_000, remove: false });
  const stopMs = performance.now() - started;
  const info = await client.container.getById(id).inspect();
  await client.container.remove(client.container.getById(id));
  expect(info.State.ExitCode).toBe(0);
  expect(stopMs).toBeLessThan(5000);
  expect(logs.join("")).toContain('"msg":"shut down cleanly"');
});
