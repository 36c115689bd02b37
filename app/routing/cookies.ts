/**
 * A request's `Cookie` header, read once for every rule that asks (a page's
 * `req.cookies`, an API route's, the `has` and `missing` conditions of the
 * redirects, rewrites, headers and middleware matcher): as Next.js reads it,
 * the first of a name kept, a quoted value unquoted, percent-decoding when it
 * decodes.
 */

export function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name === "" || Object.hasOwn(cookies, name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}
