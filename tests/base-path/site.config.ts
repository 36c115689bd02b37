/**
 * This project's site, served under a base path: the contract suites run
 * again against a copy of the app built with it (the `base-path` Vitest
 * project), and the browser's contract specs against an image built with
 * BASE_PATH=/shop (E2E_SITE=base-path), through nginx.
 */
import { defineSiteConfig, siteConfigInputOf } from "../../app/routing/site-config.ts";
// Spelled through app/ so that the project's alias (every `../site.config.ts`
// -> this file) leaves this one import alone.
import project from "../../app/../site.config.ts";

export default defineSiteConfig({ ...siteConfigInputOf(project), basePath: "/shop" });
