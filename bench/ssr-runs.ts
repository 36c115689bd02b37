/**
 * Issue 24's target, as runs the issue counts: a page rendered per request
 * (`/blog/hello`; Next.js: `getServerSideProps`) at <= 0.8x Next.js's CPU per
 * request in every one of three consecutive runs, 0.5x the goal. Each run starts
 * both servers afresh, warms them, then measures them in alternation
 * (BENCH_ROUNDS rounds, medians), so a run's ratio is taken under one
 * machine speed. `npm run bench` ends with these runs; `npm run bench:ssr`
 * makes only them. BENCH_SSR_RUNS (3).
 */
import { measure, median, pad, pinLoadGenerator, type Running } from "./measure.ts";
import { prepareNext, startNext, startOurs } from "./servers.ts";

const RUNS = Number(process.env.BENCH_SSR_RUNS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = "/blog/hello";
const TARGET = 0.8;
const GOAL = 0.5;

async function oneRun(): Promise<{ ours: number; next: number }> {
  const servers: Running[] = await Promise.all([startOurs(), startNext()]);
  try {
    for (const server of servers) await measure(server, PATH, 200, { amount: 1000 });
    const samples: number[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      for (let j = 0; j < servers.length; j++) {
        const i = (j + round) % servers.length;
        samples[i]!.push((await measure(servers[i]!, PATH, 200)).cpuMsPerRequest);
      }
    }
    return { ours: median(samples[0]!), next: median(samples[1]!) };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Makes the runs and prints each, then the verdict; resolves to the ratios. */
export async function ssrRuns(): Promise<number[]> {
  console.log(
    `\n${PATH} (rendered per request) against Next.js's getServerSideProps page, ` +
      `${RUNS} consecutive runs, CPU ms per request`,
  );
  console.log(`${"run".padEnd(6)}${pad("ours", 8)}${pad("Next.js", 9)}${pad("ratio", 8)}`);
  const ratios: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { ours, next } = await oneRun();
    ratios.push(ours / next);
    console.log(
      `${String(run).padEnd(6)}${pad(ours.toFixed(3), 8)}${pad(next.toFixed(3), 9)}${pad((ours / next).toFixed(3), 8)}`,
    );
  }
  const verdict = (bound: number) =>
    ratios.every((r) => r <= bound) ? "met in every run" : "MISSED";
  console.log(`  target <= ${TARGET} in every run: ${verdict(TARGET)}`);
  console.log(`  goal   <= ${GOAL} in every run: ${verdict(GOAL)}`);
  return ratios;
}

if (import.meta.main) {
  await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");
  prepareNext();
  console.log(`# ${new Date().toISOString()}`);
  await ssrRuns();
}
