/**
 * The differential suite's second fixture: a site without i18n that keeps its
 * pages under en/, as some docs sites do. No segment is a locale prefix.
 */
const nextConfig = { poweredByHeader: false };
export default nextConfig;
