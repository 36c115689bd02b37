/**
 * The settings of the site being served (site.config.ts asks here): from a
 * build, the ones it was made with; from source, the next.config of the site
 * SITE_DIR names, read as Next.js reads it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { siteConfigFromNext } from "../routing/next-config.ts";
import {
  defineSiteConfig,
  siteConfigInputOf,
  type SiteConfig,
  type SiteConfigInput,
} from "../routing/site-config.ts";
import { currentSite, type SiteFolder } from "./folder.ts";
import { loadNextConfigFile } from "./next-config-file.ts";

/** What a build records of its site, in BUILD_DIR/site.json. */
export interface SiteRecord {
  /** The site's folder when it was built; null for the embedded example. */
  readonly dir: string | null;
  /** The settings the build was made with (BASE_PATH and ASSET_PREFIX included). */
  readonly config: SiteConfigInput<string>;
}

/** The record's name in a build folder. */
export const SITE_RECORD = "site.json";

/** Writes the record of a build into `buildDir`. */
export function writeSiteRecord(buildDir: string, site: SiteFolder, config: SiteConfig): void {
  const record: SiteRecord = {
    dir: site.embedded ? null : site.dir,
    config: siteConfigInputOf(config),
  };
  writeFileSync(join(buildDir, SITE_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

/** The settings of the site in `site`'s folder, from its next.config (none: Next.js's defaults). */
export async function siteConfigOfFolder(site: SiteFolder): Promise<SiteConfig> {
  if (site.nextConfig === null) return defineSiteConfig({});
  try {
    return await siteConfigFromNext(await loadNextConfigFile(site.nextConfig));
  } catch (error) {
    throw new Error(`${site.nextConfig}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The settings of the site served, for site.config.ts (`moduleUrl`: its own
 * URL). Its compiled copy in a build (build/node/site.config.js) reads the
 * build's record (build/site.json); from source, the next.config of SITE_DIR's
 * site, or of the embedded example (site/next.config.mjs).
 */
export async function siteConfigOfSite(moduleUrl: string): Promise<SiteConfig> {
  if (moduleUrl.endsWith(".js")) {
    const file = fileURLToPath(new URL(`../${SITE_RECORD}`, moduleUrl));
    let record: SiteRecord;
    try {
      record = JSON.parse(readFileSync(file, "utf8")) as SiteRecord;
    } catch (error) {
      throw new Error(`Cannot read the build's ${file}: run \`npm run build\` again`, {
        cause: error,
      });
    }
    return defineSiteConfig(record.config);
  }
  return siteConfigOfFolder(currentSite());
}
