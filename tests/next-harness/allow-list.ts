/**
 * Cases of Next.js's test files the shell fails on purpose: what they assert
 * is a weakness of Next.js's that the shell fixes (a route that never loads,
 * say, which the shell loads as a document after 3800 ms). Each with why;
 * the table counts them apart.
 */
import type { Allowed } from "./table.ts";

export const ALLOW_LIST: readonly Allowed[] = [];
