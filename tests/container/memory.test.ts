/**
 * Issue 47: the image in a 256 MiB container without swap takes a cold burst
 * of image variants (every device width, AVIF and WebP, three at once each)
 * with page loads beside it. Before the optimizer admitted transformations by
 * their memory, two large AVIF encodes at once got it OOM-killed, and every
 * request in flight with it.
 */
import { getContainerRuntimeClient, type StartedTestContainer } from "testcontainers";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { coldBurst, tally, CGROUP_PEAK_COMMAND, type BurstResult } from "../../bench/cold-burst.ts";
import { APP_PORT, AppContainer } from "./app-container.ts";

const MiB = 1 << 20;
const LIMIT_BYTES = 256 * MiB;

let container: StartedTestContainer;
const logs: string[] = [];
let burst: BurstResult;

beforeAll(async () => {
  container = await new AppContainer(inject("appImage"))
    .withReadOnlyRootFilesystem()
    .withMemoryLimit(LIMIT_BYTES)
    .withLogConsumer((stream) => stream.on("data", (line: Buffer) => logs.push(line.toString())))
    .start();
  burst = await coldBurst(container.getMappedPort(APP_PORT));
}, 120_000);

afterAll(async () => {
  await container?.stop({ timeout: 1000 }).catch(() => undefined);
});

test("the memory plan is made from the container's limit", () => {
  const listening = logs.map((line) => JSON.parse(line)).find((line) => line.msg === "listening");
  expect(listening.memory).toMatchObject({ limitMiB: 256, from: "the container's limit" });
  expect(listening.memory.imageTransformsMiB).toBeGreaterThan(0);
});

test("the cold burst does not get the app OOM-killed, nor restarted", async () => {
  const client = await getContainerRuntimeClient();
  const { State, RestartCount } = await client.container.getById(container.getId()).inspect();
  const peak = State.Running
    ? `${Math.round(Number((await container.exec(CGROUP_PEAK_COMMAND)).output) / MiB)} MiB`
    : "gone with the container";
  console.log(
    `cold burst in ${LIMIT_BYTES / MiB} MiB: cgroup peak ${peak}; OOM-killed: ${State.OOMKilled}; ` +
      `images ${tally(burst.images)}; pages ${tally(burst.pages)}; ${burst.seconds.toFixed(1)} s`,
  );
  expect(State.OOMKilled).toBe(false);
  expect(State.Running).toBe(true);
  expect(RestartCount).toBe(0);
});

test("every image answer is a 200, or a 503 with Retry-After: none is lost", () => {
  for (const answer of burst.images) {
    expect([200, 503], answer.path).toContain(answer.status);
    if (answer.status === 503) expect(answer.retryAfter, answer.path).toBeDefined();
  }
});

test("every page load beside the burst is a 200", () => {
  expect(burst.pages.length).toBeGreaterThanOrEqual(40);
  expect(burst.pages.filter((answer) => answer.status !== 200)).toEqual([]);
});
