import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import {
  assetPrefixOf,
  assetPrefixProblems,
  browserSiteConfig,
} from "./app/routing/site-config.ts";
import site from "./site.config.ts";

/**
 * The CDN the build's files are fetched from: ASSET_PREFIX when set (one image
 * per environment's CDN, without editing the config), else site.config.ts's.
 */
function assetPrefix(): string {
  const fromEnv = process.env.ASSET_PREFIX;
  if (!fromEnv) return site.assetPrefix;
  const problems = assetPrefixProblems(fromEnv);
  if (problems.length > 0) throw new Error(`ASSET_PREFIX: ${problems.join("; ")}`);
  return assetPrefixOf(fromEnv);
}

const SITE_CONFIG = fileURLToPath(new URL("./site.config.ts", import.meta.url));
const BROWSER_SITE_CONFIG = "\0site-config:browser";

/**
 * The browser's site.config.ts: the settings it reads, as checked values,
 * without the server's (`redirects`: rules, conditions and targets a visitor
 * has no business reading) and without the code that checks them.
 */
function siteConfigForTheBrowser(): Plugin {
  return {
    name: "site-config-for-the-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== "client" || !source.endsWith("site.config.ts"))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === SITE_CONFIG ? BROWSER_SITE_CONFIG : null;
    },
    load(id) {
      if (id !== BROWSER_SITE_CONFIG) return null;
      return `export default ${JSON.stringify(browserSiteConfig(site))};\n`;
    },
  };
}

export default defineConfig(({ command }) => {
  // assetPrefix: the built pages fetch their hashed files from the CDN; the
  // dev server serves them itself. The server's CSP follows the build's value.
  const cdn = command === "build" ? assetPrefix() : "";
  return {
    base: cdn ? `${cdn}/` : "/",
    plugins: [siteConfigForTheBrowser(), reactRouter()],
  };
});
