/**
 * Cookies the app sets, as they leave the server. Pure.
 */

/**
 * The `Set-Cookie` value with the `Secure` attribute, unless it has it already:
 * a cookie set over HTTPS is never sent back over plain HTTP, where anyone on
 * the path could read it.
 */
export function withSecure(setCookie: string): string {
  const attributes = setCookie.split(";").slice(1);
  return attributes.some((attribute) => attribute.trim().toLowerCase() === "secure")
    ? setCookie
    : `${setCookie}; Secure`;
}
