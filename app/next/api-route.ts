/**
 * An API route (`pages/api/...`), as Next.js's pages router has them: its
 * module's shape, and the request and answer its handler gets. The server runs
 * them (server/steps/api/); the build lists them (`virtual:next-api-routes`).
 * Types only: nothing here runs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PageRoute } from "../routing/pages.ts";

/** `export const config` of an API route: Next.js's keys the shell reads. */
export interface PageConfig {
  api?: {
    /** `false`: the body is left unread, for the handler to stream. */
    bodyParser?: false | { sizeLimit?: string | number };
    /** The handler answers by other means (a callback library): no warning when it returns first. */
    externalResolver?: boolean;
    /** Read, and ignored: an answer is never cut short. */
    responseLimit?: false | string | number;
  };
}

/** The request an API route's handler gets: Node's, with its query, cookies and body. */
export interface NextApiRequest extends IncomingMessage {
  /** The search parameters and the route's parameters (a catch-all's as an array). */
  query: Partial<Record<string, string | string[]>>;
  cookies: Partial<Record<string, string>>;
  /** Parsed by content type: JSON, a form (an object), else the text; unread with `bodyParser: false`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next.js's own type
  body: any;
  /** True in preview or draft mode (its cookies valid), else undefined, as Next.js gives it. */
  preview?: true;
  draftMode?: true;
  /** The preview data `res.setPreviewData` sealed; `{}` in draft mode; false in neither. */
  previewData?: unknown;
}

/** The answer an API route's handler gets: Node's, with Next.js's helpers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next.js's own default
export interface NextApiResponse<Data = any> extends ServerResponse {
  status(statusCode: number): NextApiResponse<Data>;
  /** JSON for an object, number or boolean; a Buffer as bytes; a string as it is. */
  send(body: Data): void;
  json(body: Data): void;
  redirect(url: string): NextApiResponse<Data>;
  redirect(status: number, url: string): NextApiResponse<Data>;
  /** Drops the kept copies of the page at `urlPath` (`/blog/hello`), on every replica. */
  revalidate(urlPath: string, options?: { unstable_onlyGenerated?: boolean }): Promise<void>;
  /** Preview mode on: its two cookies, the data sealed (2 KB at most); needs PREVIEW_SECRET. */
  setPreviewData(
    data: object | string,
    options?: { maxAge?: number; path?: string },
  ): NextApiResponse<Data>;
  /** Preview mode off: its two cookies expired. */
  clearPreviewData(options?: { path?: string }): NextApiResponse<Data>;
  /** Draft mode on (`enable` true, the default) or off; needs PREVIEW_SECRET. */
  setDraftMode(options: { enable: boolean }): NextApiResponse<Data>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Next.js's own default
export type NextApiHandler<Data = any> = (
  req: NextApiRequest,
  res: NextApiResponse<Data>,
) => unknown | Promise<unknown>;

/** An API route's module: its handler, and its config. */
export interface ApiRouteModule {
  readonly default?: unknown;
  readonly config?: unknown;
}

/** One API route of the build: its file and route, and its module, loaded when first asked for. */
export interface ApiRouteEntry extends PageRoute {
  load(): Promise<ApiRouteModule>;
}
