import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { RequestInfo } from "../../app/context.ts";
import { basePathOfBasename } from "../../app/routing/base-path.ts";
import { buildIdOfManifest } from "../../app/routing/build-binding.ts";
import type { PublicEnv } from "../../app/site/public-env.ts";
import {
  PRERENDERED_PROPS_RECORD,
  type PrerenderedProps,
} from "../../app/next/page/prerendered.ts";

/** The server build, with what our entry.server adds to React Router's entry module. */
export interface AppServerBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      createRequestContext: (info: RequestInfo) => RouterContextProvider;
      /** A trusted page's document without React Router's handler (app/direct/); null: through it. */
      directDocument?: (
        request: Request,
        context: RouterContextProvider,
        routes: ServerBuild["routes"],
      ) => Promise<{ readonly html: string; readonly routePattern: string } | null>;
    };
  };
}

/** Loads `BUILD_DIR/server/index.js`, failing start-up with a clear message if it is not ours. */
export async function loadServerBuild(buildDir: string): Promise<AppServerBuild> {
  const file = join(buildDir, "server", "index.js");
  let build: AppServerBuild;
  try {
    build = (await import(pathToFileURL(file).href)) as AppServerBuild;
  } catch (error) {
    // Missing: not built yet. Anything else is the app's own start failing (a
    // site.config.ts value, a module's top level): its message says what.
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(`Cannot load the server build at ${file}: run \`npm run build\` first`, {
      cause: error,
    });
  }
  checkServerBuild(build, file);
  keepPrerendered(build, buildDir);
  return build;
}

/**
 * Hands the build's getStaticProps record (made by its last step,
 * server/static-pages/) to its runtime, when there is one and it is this
 * build's: a record left by an earlier build into the same folder is not.
 */
function keepPrerendered(build: AppServerBuild, buildDir: string): void {
  const keep = (build.entry.module as { keepPrerenderedProps?: (r: PrerenderedProps) => void })
    .keepPrerenderedProps;
  const record = prerenderedOf(build, buildDir);
  if (typeof keep === "function" && record !== null) keep(record);
}

/**
 * The build's record of its pages rendered once (server/static-pages/), or
 * null: none, or another build's.
 */
export function prerenderedOf(build: ServerBuild, buildDir: string): PrerenderedProps | null {
  let record: PrerenderedProps;
  try {
    record = JSON.parse(
      readFileSync(join(buildDir, PRERENDERED_PROPS_RECORD), "utf8"),
    ) as PrerenderedProps;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new Error(`${join(buildDir, PRERENDERED_PROPS_RECORD)} is unreadable: build again`, {
      cause: error,
    });
  }
  return record.buildId === buildIdOf(build) ? record : null;
}

/** The build itself, once it is known to be this app's: its entry.server makes the request context. */
export function checkServerBuild(build: unknown, where: string): AppServerBuild {
  const entry = (build as Partial<AppServerBuild> | undefined)?.entry;
  if (typeof entry?.module?.createRequestContext !== "function") {
    throw new Error(`${where} does not export createRequestContext from app/entry.server.tsx`);
  }
  return build as AppServerBuild;
}

/**
 * The id the build is known by (X-Build-Id, data URLs, the build binding): the
 * browser reads the same from its manifest (app/routing/build-binding.ts). It
 * changes with every build; under the dev server it is "development".
 */
export function buildIdOf(build: ServerBuild): string {
  return buildIdOfManifest(build.assets);
}

/**
 * What the shared cache files a build's kept pages under (each process's own
 * cache is the pipeline's, made anew for every build): the version React Router
 * gives its manifest, which changes with every build, and under the dev server
 * with every manifest it makes again, so an edit never serves a page kept
 * before it. A page holds the NEXT_PUBLIC_* values its server was given at
 * start (app/site/public-env.ts): replicas given other values keep their pages
 * apart.
 */
export function keptPagesVersionOf(build: ServerBuild, publicEnv: PublicEnv = {}): string {
  const names = Object.keys(publicEnv).sort();
  if (names.length === 0) return build.assets.version;
  const values = JSON.stringify(names.map((name) => [name, publicEnv[name]]));
  return `${build.assets.version}-${createHash("sha256").update(values).digest("hex").slice(0, 12)}`;
}

/**
 * The base path the build was made with (site.config.ts's basePath, or
 * BASE_PATH at the build): read from the build, so the server serves what the
 * browser's code was built for. "" for none.
 */
export function basePathOf(build: Pick<ServerBuild, "basename">): string {
  return basePathOfBasename(build.basename);
}
