/**
 * What `has` and `missing` conditions read of a request (app/routing/conditions.ts):
 * its headers, cookies, query and host, each read only when a condition asks.
 */
import type { IncomingMessage } from "node:http";
import type { ConditionSubject } from "../../app/routing/conditions.ts";
import { cookiesOf } from "../../app/routing/cookies.ts";

/** `search` is the query (`?a=1` or ""); `host` the public origin's, its port taken off. */
export function conditionSubjectOf(
  req: IncomingMessage,
  search: string,
  host: string,
): ConditionSubject {
  let cookies: Record<string, string> | undefined;
  let query: URLSearchParams | undefined;
  return {
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    cookie: (name) => (cookies ??= cookiesOf(req.headers.cookie))[name],
    query: (name) => (query ??= new URLSearchParams(search)).get(name) ?? undefined,
    host: host.replace(/:\d+$/, ""),
  };
}
