/**
 * `npm run bench:routes`: what React Router's route setup costs per request as
 * the route table grows (issue 24). Tables shaped like ours: a root layout whose
 * children are page routes, each page once unprefixed and once under each
 * locale prefix (`/fr/about`), with static, dynamic (`:slug`) and catch-all
 * (`*`) patterns. For 8, 34 and 200 routes, microseconds per operation of:
 *   - `matchRoutes` without a cache: what each call flattens and ranks anew;
 *   - `createStaticHandler(routes).query(request)`: the handler made once,
 *     as createRequestHandler makes it, then one query per request;
 *   - `createStaticRouter(dataRoutes, context)`: what ServerRouter did on
 *     every render (with the server routes it converts first) until our patch
 *     of React Router (decision 016) made its routes once per build.
 * Medians of 7 batches after a warm-up; the URL matched is one of the last
 * routes (`/de/p{n}/hello`), as a request for a locale page would be.
 * BENCH_ROUTE_ITERATIONS (2000) per batch.
 */
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";

const ITERATIONS = Number(process.env.BENCH_ROUTE_ITERATIONS ?? 2000);
const LOCALES = ["", "en", "fr", "de"];

/** A root layout with `size` page routes below it: `size / 4` pages in four locales. */
function table(size: number): RouteObject[] {
  const pages = Math.max(1, Math.round(size / LOCALES.length));
  const children: RouteObject[] = [];
  for (const locale of LOCALES) {
    const prefix = locale ? `${locale}/` : "";
    for (let i = 0; i < pages; i++) {
      const id = `${locale || "default"}-${i}`;
      const path =
        i % 5 === 0
          ? `${prefix}docs${i}/*`
          : i % 2 === 0
            ? `${prefix}p${i}/:slug`
            : `${prefix}p${i}`;
      children.push({ id, path, loader: () => null });
    }
  }
  return [{ id: "root", path: "/", loader: () => null, children }];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Microseconds per call of `work`, the median of 7 batches of ITERATIONS. */
async function perCall(work: () => unknown): Promise<number> {
  for (let i = 0; i < ITERATIONS; i++) await work();
  const batches: number[] = [];
  for (let b = 0; b < 7; b++) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) await work();
    batches.push(((performance.now() - started) * 1000) / ITERATIONS);
  }
  return median(batches);
}

console.log(
  `# route table micro-benchmark, react-router ${(await import("react-router/package.json", { with: { type: "json" } })).default.version}, ` +
    `${ITERATIONS} calls x 7 batches, ${new Date().toISOString()}`,
);
console.log(
  `${"routes".padStart(6)}  ${"matchRoutes".padStart(12)}  ${"query".padStart(10)}  ${"staticRouter".padStart(13)}  (us per call)`,
);
for (const size of [8, 34, 200]) {
  const routes = table(size);
  const count = routes[0]!.children!.length;
  const last = Math.max(1, Math.round(size / LOCALES.length)) - 1;
  const path =
    last % 5 === 0 ? `/de/docs${last}/a/b` : last % 2 === 0 ? `/de/p${last}/hello` : `/de/p${last}`;
  if (!matchRoutes(routes, path)) throw new Error(`${path} matches nothing in a table of ${count}`);
  const handler = createStaticHandler(routes);
  const request = () => new Request(`http://localhost${path}`);
  const context = (await handler.query(request())) as StaticHandlerContext;
  const match = await perCall(() => matchRoutes(routes, path));
  const query = await perCall(() => handler.query(request()));
  const router = await perCall(() => createStaticRouter(handler.dataRoutes, context));
  console.log(
    `${String(count).padStart(6)}  ${match.toFixed(1).padStart(12)}  ${query.toFixed(1).padStart(10)}  ${router.toFixed(1).padStart(13)}`,
  );
}
