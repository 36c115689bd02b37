// The one function of @babel/core that compile.ts calls (the package has no types of its own;
// @types/babel__core pins other versions of the Babel types the project uses).
declare module "@babel/core" {
  export function transformAsync(
    code: string,
    options: Record<string, unknown>,
  ): Promise<{ code?: string | null; map?: object | null } | null>;
}
