/**
 * `npm run bench:routes`: what React Router's route setup costs per request as
 * the route table grows (issue 24). Tables shaped like ours: a root layout whose
 * children are page routes, each page once unprefixed and once under each
 * locale prefix (`/fr/about`), with static, dynamic (`:slug`) and catch-all
 * (`*`) patterns. For 8, 34 and 200 routes, microseconds per operation of:
 *   - `matchRoutes` without a cache: what each call flattens and ranks anew;
 *   - `router.match` of a client router made once: its own ranked (and, with
 *     our patch, indexed) branches, as a navigation and the link prefetcher
 *     match a path in the browser;
 *   - `createStaticHandler(routes).query(request)`: the handler made once,
 *     as createRequestHandler makes it, then one query per request;
 *   - `createStaticRouter(dataRoutes, context)`: what ServerRouter did on
 *     every render (with the server routes it converts first) until our patch
 *     of React Router (decision 016) made its routes once per build.
 * Medians of 7 batches after a warm-up; the URL matched is one of the last
 * routes (`/de/p{n}/hello`), as a request for a locale page would be.
 * Then the same for a table made as app/routes.ts makes it, from a folder of
 * 50 page files in Next.js's naming (app/routing/pages.ts), in the site's
 * locales, for a static page, a dynamic page and a 404 under the last prefix.
 * BENCH_ROUTE_ITERATIONS (2000) per batch.
 */
import { LOCALES as SITE_LOCALES } from "../app/routing/locale.ts";
import { pagesFromFiles, routeIdOf, routePathOf } from "../app/routing/pages.ts";
import {
  createMemoryRouter,
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

/** 50 page files: the example site's seven, and sections, items, guides and plain pages. */
const FOLDER_OF_50 = [
  "index.tsx",
  "about.tsx",
  "blog/index.tsx",
  "blog/new.tsx",
  "blog/[slug].tsx",
  "docs/[...path].tsx",
  "shop/[[...filters]].tsx",
  ...Array.from({ length: 15 }, (_, i) => [`section${i}/index.tsx`, `section${i}/[id].tsx`]).flat(),
  ...Array.from({ length: 5 }, (_, i) => `guide${i}/[...path].tsx`),
  ...Array.from({ length: 8 }, (_, i) => `page${i}.tsx`),
];

/** The route table app/routes.ts makes from `files`: each page unprefixed and per locale, and a 404. */
function folderTable(files: string[]): RouteObject[] {
  const pages = pagesFromFiles(files, { locales: SITE_LOCALES });
  const children: RouteObject[] = [null, ...SITE_LOCALES].flatMap((locale) => {
    const scoped = (path: string) => [locale, path].filter(Boolean).join("/");
    return [
      ...pages.map((page): RouteObject => {
        const path = scoped(routePathOf(page));
        const id = routeIdOf(page, locale);
        return path === ""
          ? { id, index: true, loader: () => null }
          : { id, path, caseSensitive: true, loader: () => null };
      }),
      { id: `${locale ?? "default"}/not-found`, path: scoped("*"), loader: () => null },
    ];
  });
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

const COLUMNS = ["matchRoutes", "router.match", "query", "staticRouter"].map((c) => c.padStart(12));

/**
 * The row of one table and path: µs per uncached matchRoutes, client router
 * match, handler query, createStaticRouter.
 */
async function timings(
  routes: RouteObject[],
  handler: ReturnType<typeof createStaticHandler>,
  path: string,
): Promise<string> {
  const request = () => new Request(`http://localhost${path}`);
  const context = (await handler.query(request())) as StaticHandlerContext;
  const match = await perCall(() => matchRoutes(routes, path));
  const client = createMemoryRouter(routes);
  const clientMatch = await perCall(() => client.match(path));
  client.dispose();
  const query = await perCall(() => handler.query(request()));
  const router = await perCall(() => createStaticRouter(handler.dataRoutes, context));
  return [match, clientMatch, query, router]
    .map((us, i) => us.toFixed(1).padStart(COLUMNS[i]!.length))
    .join("  ");
}

console.log(
  `# route table micro-benchmark, react-router ${(await import("react-router/package.json", { with: { type: "json" } })).default.version}, ` +
    `${ITERATIONS} calls x 7 batches, ${new Date().toISOString()}`,
);
console.log(`${"routes".padStart(6)}  ${COLUMNS.join("  ")}  (us per call)`);
for (const size of [8, 34, 200]) {
  const routes = table(size);
  const count = routes[0]!.children!.length;
  const last = Math.max(1, Math.round(size / LOCALES.length)) - 1;
  const path =
    last % 5 === 0 ? `/de/docs${last}/a/b` : last % 2 === 0 ? `/de/p${last}/hello` : `/de/p${last}`;
  if (!matchRoutes(routes, path)) throw new Error(`${path} matches nothing in a table of ${count}`);
  console.log(
    `${String(count).padStart(6)}  ${await timings(routes, createStaticHandler(routes), path)}`,
  );
}

const folder = folderTable(FOLDER_OF_50);
const last = SITE_LOCALES.at(-1)!;
console.log(
  `\n# a folder of ${FOLDER_OF_50.length} pages, in ${SITE_LOCALES.length} locales and unprefixed: ${folder[0]!.children!.length} routes`,
);
console.log(`${"path".padEnd(22)}  ${COLUMNS.join("  ")}  (us per call)`);
const folderHandler = createStaticHandler(folder);
for (const [path, expected] of [
  [`/${last}/page7`, `${last}/pages/page7`],
  [`/${last}/section14/hello`, `${last}/pages/section14/[id]`],
  [`/${last}/nope/deeper`, `${last}/not-found`],
] as const) {
  const matched = matchRoutes(folder, path)?.at(-1)?.route.id;
  if (matched !== expected) throw new Error(`${path} matched ${matched}, not ${expected}`);
  console.log(`${path.padEnd(22)}  ${await timings(folder, folderHandler, path)}`);
}
