/**
 * `npm run bench:next-pages`: what running a page as a Next.js page costs,
 * issue 45's targets, in one run. `/blog/hello`, rendered per request, by:
 *
 * - ours: the example site's page as Next.js writes it (getServerSideProps);
 * - ours, loader: the same page as a React Router route module (a loader, the
 *   same markup), in a copy of the app built with that one file replaced;
 * - Next.js: `next start` on the same pages folder (bench/nextjs).
 *
 * Server CPU ms per request (/proc/<pid>/stat over the requests answered; with
 * taskset, the servers on BENCH_SERVER_CPU and the load on BENCH_LOAD_CPU),
 * rounds in one order (BENCH_ROUNDS, 5), medians and each round's ratios; then the two ratios and the
 * targets: <= 1.05 x the loader module, <= 0.6 x Next.js.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildProjectCopy } from "../tests/next-sites.ts";
import { measure, median, pad, pinLoadGenerator, type Running } from "./measure.ts";
import { prepareNext, startNext, startOurs } from "./servers.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATH = "/blog/hello";

/** The example's blog post as a React Router route module: the same markup, from a loader. */
const LOADER_PAGE = `import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { useRouter } from "next/router";
import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";

export function sitemapPaths() {
  return { paths: [{ params: { slug: "hello world" } }, { params: { slug: "hello" } }] };
}

export function loader({ params }: LoaderFunctionArgs) {
  return { slug: params.slug!, servedAt: new Date().toISOString() };
}

export default function BlogPost() {
  const { slug, servedAt } = useLoaderData<typeof loader>();
  const m = messages(useRouter().locale ?? "en").blogPost;
  return (
    <Page title={m.title(slug)} description={\`\${m.title(slug)}. \${m.body}\`}>
      <p>{m.body}</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Page>
  );
}
`;

await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");
console.log(
  `# ${new Date().toISOString()} bench:next-pages: building the loader copy and the Next.js peer`,
);
prepareNext();
const copy = buildProjectCopy({ "site/pages/blog/[slug].tsx": LOADER_PAGE });
const names = ["ours", "ours, loader", "Next.js"];
let servers: Running[] = [];
try {
  servers = await Promise.all([
    startOurs(),
    startOurs({}, join(copy, "build/node/server/main.js"), copy),
    startNext(),
  ]);
  // Warmed for as long as a measurement: JIT tiers take seconds to settle.
  for (const server of servers) await measure(server, PATH, 200, { amount: 2000 });
  for (const server of servers) await measure(server, PATH, 200);
  const samples: number[][] = servers.map(() => []);
  // The same order every round, so every server waits as long between its
  // measurements. A rotating order made the waits one or four measurements
  // long, and a server that had waited four (about 12 s idle: V8 frees memory
  // and code then) spent up to 40 % more per request in the next one.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      samples[i]!.push((await measure(server, PATH, 200)).cpuMsPerRequest);
    }
  }
  const cpu = samples.map(median);
  console.log(`\n${PATH}, rendered per request: server CPU ms per request, median of ${ROUNDS}`);
  for (const [i, name] of names.entries()) {
    console.log(
      `${name.padEnd(14)}${pad(cpu[i]!.toFixed(3), 8)}   (${samples[i]!.map((v) => v.toFixed(3)).join(" ")})`,
    );
  }
  // The same round's figures, taken back to back: the host's speed drifts between rounds.
  const perRound = (i: number) => samples[0]!.map((ours, round) => ours / samples[i]![round]!);
  for (const [i, name] of [
    [1, "loader module"],
    [2, "Next.js"],
  ] as const) {
    const ratios = perRound(i);
    console.log(
      `ours / ${name} by round: ${ratios.map((r) => r.toFixed(3)).join(" ")} (median ${median(ratios).toFixed(3)})`,
    );
  }
  const toLoader = cpu[0]! / cpu[1]!;
  const toNext = cpu[0]! / cpu[2]!;
  console.log(
    `ours / loader module: ${toLoader.toFixed(3)}  (target <= 1.05: ${toLoader <= 1.05 ? "met" : "MISSED"})`,
  );
  console.log(
    `ours / Next.js:       ${toNext.toFixed(3)}  (target <= 0.6: ${toNext <= 0.6 ? "met" : "MISSED"})`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(copy, { recursive: true, force: true });
}
