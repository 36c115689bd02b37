/**
 * `next/og`: `ImageResponse`, a PNG drawn from JSX and CSS (an Open Graph card,
 * a social preview), as Next.js gives it: Vercel's own `@vercel/og` (Satori
 * lays the element out, resvg draws it), in API routes, the middleware and
 * `getServerSideProps`. The server's alone: it is never in a tab's code.
 */
export { ImageResponse } from "@vercel/og";
export type { ImageResponseOptions } from "@vercel/og";
