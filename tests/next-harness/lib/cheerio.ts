/**
 * `cheerio` as Next.js's tests import it (`import cheerio from "cheerio"`, the
 * default export of its CommonJS build): its `load` and the rest.
 */
import { createRequire } from "node:module";
import type * as Cheerio from "cheerio";

const cheerio = createRequire(import.meta.url)("cheerio") as typeof Cheerio;

export const { load } = cheerio;
export default cheerio;
