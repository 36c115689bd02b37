/**
 * `process.env.NEXT_PUBLIC_*`: one image for every environment. Next.js writes
 * each value into the code at build, so a value differs only by a rebuild
 * (vercel/next.js#44184). The shell's build writes a read of the values the
 * server gives instead, with the build's value as the fallback:
 *
 *   process.env.NEXT_PUBLIC_API  ->  (globalThis.__NEXT_PUBLIC_ENV__?.NEXT_PUBLIC_API ?? "<built>")
 *
 * At start, the server takes the names the build found in the code (and only
 * those: a variable the code never reads is never sent) with their values in
 * its environment, its .env files loaded; the server's render reads them, and
 * every page carries them to the browser in a script before any of its code
 * runs. A value given to the container at start thus replaces the built one on
 * both sides, and one the container is not given keeps it.
 */

/** The global both sides read the values from. */
export const PUBLIC_ENV_GLOBAL = "__NEXT_PUBLIC_ENV__";
/** Where a build records the names its code reads and their built values. */
export const PUBLIC_ENV_RECORD = "public-env.json";
const PREFIX = "NEXT_PUBLIC_";

export type PublicEnv = Readonly<Record<string, string>>;

/** What a build records: each name its code reads, with its value at build (absent: none). */
export interface PublicEnvRecord {
  readonly names: readonly string[];
  readonly built: PublicEnv;
}

/** The expression a read of `name` is written as. */
export function publicEnvRead(name: string, built: string | undefined): string {
  const fallback = built === undefined ? "undefined" : JSON.stringify(built);
  return `(globalThis.${PUBLIC_ENV_GLOBAL}?.${name} ?? ${fallback})`;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** `process.env.NEXT_PUBLIC_X` as a member expression: its name, or null. */
function publicEnvNameOf(node: Node): string | null {
  if (node.type !== "MemberExpression" || node.computed || node.optional) return null;
  const object = node.object as Node;
  const property = node.property as Node;
  if (property.type !== "Identifier" || !String(property.name).startsWith(PREFIX)) return null;
  if (object.type !== "MemberExpression" || object.computed) return null;
  const base = object.object as Node;
  const env = object.property as Node;
  return base.type === "Identifier" && base.name === "process" && env.name === "env"
    ? String(property.name)
    : null;
}

/**
 * The reads of `process.env.NEXT_PUBLIC_*` in a module's syntax tree (ESTree,
 * offsets into its code): where each is and its name. A write to one
 * (`process.env.NEXT_PUBLIC_X = ...`) is left alone.
 */
export function publicEnvReadsIn(program: unknown): { start: number; end: number; name: string }[] {
  const reads: { start: number; end: number; name: string }[] = [];
  const visit = (node: Node, parent: Node | null, key: string) => {
    const name = publicEnvNameOf(node);
    if (name !== null) {
      const written =
        (parent?.type === "AssignmentExpression" && key === "left") ||
        parent?.type === "UpdateExpression";
      if (!written) reads.push({ start: node.start, end: node.end, name });
      return;
    }
    for (const [childKey, value] of Object.entries(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, node, childKey);
      } else if (isNode(value)) visit(value, node, childKey);
    }
  };
  if (isNode(program)) visit(program, null, "");
  return reads;
}

/** Whether a module's code may read one: the cheap test before it is parsed. */
export const mayReadPublicEnv = (code: string): boolean => code.includes(`.env.${PREFIX}`);

/**
 * The values to serve: of the names the build recorded, those the server's
 * environment sets to another value than the built one (the others keep it,
 * written in the code: a page of a server given nothing new carries nothing).
 */
export function publicEnvAtStart(
  record: PublicEnvRecord,
  env: Readonly<Record<string, string | undefined>>,
): PublicEnv {
  return Object.fromEntries(
    record.names.flatMap((name) => {
      const value = env[name];
      return value === undefined || value === record.built[name] ? [] : [[name, value]];
    }),
  );
}

/** The page's script that gives the browser the values, before any of its modules runs. */
export function publicEnvScript(values: PublicEnv): string {
  // `<` escaped: a value holding `</script>` cannot end the script.
  return `self.${PUBLIC_ENV_GLOBAL}=${JSON.stringify(values).replace(/</g, "\\u003c")}`;
}

/** The values this side was given: the server's at start, the browser's from the page's script. */
export function currentPublicEnv(): PublicEnv | undefined {
  return (globalThis as Record<string, unknown>)[PUBLIC_ENV_GLOBAL] as PublicEnv | undefined;
}

/** Gives this process the values (the server, at start). */
export function setPublicEnv(values: PublicEnv): void {
  (globalThis as Record<string, unknown>)[PUBLIC_ENV_GLOBAL] = Object.freeze({ ...values });
}
