/**
 * `next/font/local`'s module. Each call of it is compiled into a CSS module at
 * build (plugin.ts), and this import removed: a call that reaches here is one
 * the build could not read, which it reports, so this never runs in a page.
 */
export default function localFont(): never {
  throw new Error(
    "next/font/local: call it at the top level of a module, `const font = localFont({ src: ... })`, with literal options",
  );
}
