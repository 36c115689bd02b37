/**
 * `next` as a test file imports it: for its types only (`import { type
 * NextConfig } from "next"`), which leave an import of the package behind.
 * The test process has no Next.js of its own: each runtime brings its own.
 */
export {};
