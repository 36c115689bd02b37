import { describe, expect, it } from "vitest";
import { hostNetworkSettled, networkSnapshot } from "../../e2e/host-network.ts";

const settledLine = "fe8000000000000000420efffed87966 05 40 20 80  docker0";
const tentativeLine = "fe8000000000000000a0b1fffe000002 07 40 20 c0  veth12";

describe("the host network as a browser suite waits for it", () => {
  it.each([
    [settledLine, false],
    [`${settledLine}\n${tentativeLine}\n`, true],
    ["", false],
  ])("if_inet6 %j: tentative %s", (ifInet6, tentative) => {
    expect(networkSnapshot(ifInet6, {}).tentative).toBe(tentative);
  });

  it("a new address changes the snapshot", () => {
    const before = networkSnapshot(settledLine, {});
    const after = networkSnapshot(`${settledLine}\n${tentativeLine}`, {});
    expect(after.key).not.toBe(before.key);
  });

  it("waits until nothing has changed for the quiet time", async () => {
    const states = [
      { key: "a", tentative: false },
      { key: "b", tentative: true },
    ];
    let calls = 0;
    const snapshot = () => (calls++ < 5 ? states[calls % 2]! : { key: "b", tentative: false });
    const result = await hostNetworkSettled({ quietMs: 50, pollMs: 5, timeoutMs: 2000, snapshot });
    // Read past the last change, and returned no sooner than the quiet time after
    // it: a count of polls would depend on the timers' precision, which a busy host stretches.
    expect(result.settled).toBe(true);
    expect(calls).toBeGreaterThan(6);
    expect(result.waitedMs).toBeGreaterThanOrEqual(50);
  });

  it("gives up at the bound while addresses keep changing", async () => {
    let n = 0;
    const snapshot = () => ({ key: String(n++), tentative: false });
    const result = await hostNetworkSettled({ quietMs: 50, pollMs: 5, timeoutMs: 120, snapshot });
    expect(result).toMatchObject({ settled: false });
  });
});
