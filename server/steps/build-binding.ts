import { BUILD_ID_HEADER, documentPathOfDataRequest } from "../../app/routing/build-binding.ts";
import { stripBasePath } from "../../app/routing/base-path.ts";
import type { CanonicalOptions } from "../../app/routing/canonical-url.ts";
import type { Step } from "../platform/exchange.ts";

const buildIdHeader = BUILD_ID_HEADER.toLowerCase();

/**
 * A route-data request from a page of another build (an old tab after a
 * deploy) gets no data: a 204 telling React Router's client to load the target
 * as a new document. Requests without the header are served as usual.
 */
export function buildBinding(buildId: string, options: CanonicalOptions): Step {
  return ({ req, res, rawPath, rawSearch }) => {
    if (!rawPath.endsWith(".data")) return false;
    const pageBuild = req.headers[buildIdHeader];
    if (pageBuild === undefined || pageBuild === buildId) return false;
    const target = documentPathOfDataRequest(rawPath, rawSearch, options);
    if (target === null) return false;
    res.writeHead(204, {
      // React Router's single-fetch redirect, with a full document load. Its client
      // puts its basename before the path, as its server leaves it off its own.
      "X-Remix-Redirect": stripBasePath(target, options.basePath)!,
      "X-Remix-Status": "302",
      "X-Remix-Reload-Document": "true",
      "Cache-Control": "no-store",
    });
    res.end();
    return true;
  };
}
