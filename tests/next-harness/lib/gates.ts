/**
 * Next.js's test gates: `// @force-gate !deploy` above a `describe` or `it`
 * runs that block only where the condition holds. Here the mode is deploy:
 * a block gated out of it is skipped, as Next.js's deploy-mode run skips it.
 */

/** What a gate's condition can name, in deploy mode; any other name is false. */
const DEPLOY_MODE: Readonly<Record<string, boolean>> = { deploy: true, start: false, dev: false };

/** Whether a gate's condition (`!deploy`, `!deploy || !nodeMiddleware`, `start`) holds in deploy mode. */
export function gateHolds(condition: string): boolean {
  const tokens = condition.match(/[A-Za-z_]\w*|!|\|\||&&|\(|\)|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const or = (): boolean => {
    let value = and();
    while (peek() === "||") {
      at++;
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = not();
    while (peek() === "&&") {
      at++;
      value = not() && value;
    }
    return value;
  };
  const not = (): boolean => {
    if (peek() === "!") {
      at++;
      return !not();
    }
    if (peek() === "(") {
      at++;
      const value = or();
      if (tokens[at++] !== ")") throw new Error(`a gate's condition without its ")": ${condition}`);
      return value;
    }
    const name = tokens[at++];
    if (name === undefined || !/^[A-Za-z_]\w*$/.test(name))
      throw new Error(`not a gate's condition: ${condition}`);
    return DEPLOY_MODE[name] ?? false;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`not a gate's condition: ${condition}`);
  return value;
}

/**
 * A test file's source with each block whose gate does not hold in deploy
 * mode skipped (`describe(` as `describe.skip(`), lines kept where they were.
 */
export function withGates(source: string): string {
  return source.replace(
    /(\/\/\s*@force-gate\s+([^\n]+)\n(?:\s*\/\/[^\n]*\n)*\s*)(describe|it|test)\b(?!\.skip)/g,
    (whole, before: string, condition: string, block: string) =>
      gateHolds(condition.trim()) ? whole : `${before}${block}.skip`,
  );
}
