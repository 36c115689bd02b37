/**
 * The settings that shape the served site's URLs, with Next.js's names
 * (next.config.js). Read by the build, the server and the browser; a bad value
 * stops the build and the server, naming the key. See docs/configuration.md.
 *
 * They are the next.config of the site SITE_DIR names, read as Next.js reads
 * it (app/site/); without it, the embedded example's (site/next.config.mjs).
 * A build carries the settings it was made with (site.json beside it), so the
 * server serves what was built, wherever the site's folder is then.
 */
import { siteConfigOfSite } from "./app/site/config.ts";

export default await siteConfigOfSite(import.meta.url);
