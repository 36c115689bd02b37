/**
 * The differential suite's fourth fixture: a site under a base path, with
 * trailing slashes, and a middleware without a matcher (base-path-site.spec.ts).
 */
const nextConfig = { basePath: "/root", trailingSlash: true, poweredByHeader: false };
export default nextConfig;
