/**
 * What every benchmark here shares: pinning, the server's CPU time and RSS from
 * /proc, and one bounded load run with autocannon.
 */
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Clock ticks per second of /proc/<pid>/stat: USER_HZ, 100 on Linux. */
const TICKS_PER_S = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);

export const hasTaskset = spawnSync("taskset", ["-c", "0", "true"]).status === 0;

/**
 * Re-runs this process pinned to one core (once), so the load generator does
 * not take the CPU of the servers it measures. Call before anything else.
 */
export async function pinLoadGenerator(cpu: string): Promise<void> {
  if (!hasTaskset || availableParallelism() < 2 || process.env.BENCH_PINNED === "1") return;
  const child = spawn("taskset", ["-c", cpu, process.execPath, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1" },
  });
  const [code] = (await once(child, "exit")) as [number | null];
  process.exit(code ?? 1);
}

export interface Running {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export const pad = (value: string, width: number) => value.padStart(width);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** user + system CPU time of a process, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses: fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export interface Measurement {
  cpuMsPerRequest: number;
  /** The server's CPU milliseconds over the load (and settleMs), and the requests it answered. */
  cpuMs: number;
  requests: number;
  rps: number;
  p99: number;
  wrongStatus: number;
  errors: number;
}

export async function measure(
  server: Running,
  path: string,
  status: number,
  options: {
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /**
     * Milliseconds to wait after the load before the CPU is read, so that the
     * work the requests left (the garbage collector's, on its own threads) is
     * counted with them rather than in the next server's measurement.
     */
    settleMs?: number;
  } = {},
): Promise<Measurement> {
  let wrongStatus = 0;
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    connections: CONNECTIONS,
    headers: options.headers ?? {},
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? DURATION_S }),
    timeout: 10,
    setupClient(client) {
      client.on("response", (statusCode: number) => {
        if (statusCode !== status) wrongStatus++;
      });
    },
  });
  const answered = result.requests.total;
  if (options.settleMs) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  const spent = cpuMs(server.pid) - cpuBefore;
  return {
    cpuMsPerRequest: answered > 0 ? spent / answered : NaN,
    cpuMs: spent,
    requests: answered,
    rps: result.requests.average,
    p99: result.latency.p99,
    wrongStatus,
    errors: result.errors + result.timeouts,
  };
}
