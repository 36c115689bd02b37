/**
 * docker-compose.yml run by a test: a project of its own, its ports free ones,
 * and the helpers the container tests share.
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

export const DOCKER = process.env.DOCKER ?? "docker";

/** `docker compose` where the client has it, else the v1 `docker-compose` binary. */
function composeCommand(): [string, ...string[]] {
  try {
    execFileSync(DOCKER, ["compose", "version"], { stdio: "ignore" });
    return [DOCKER, "compose"];
  } catch {
    return ["docker-compose"];
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Polls `probe` until it returns a value, for at most `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

export const inspect = (id: string, format: string) =>
  execFileSync(DOCKER, ["inspect", "-f", format, id], { encoding: "utf8" }).trim();

export interface Stack {
  /** The compose project's name. */
  readonly project: string;
  /** The environment compose runs with (the stack's settings). */
  readonly env: NodeJS.ProcessEnv;
  readonly proxyPort: number;
  /** nginx's HTTPS port (PROXY_TLS_PORT). */
  readonly proxyTlsPort: number;
  compose(...args: string[]): string;
  /** The certificate nginx serves, PEM: the one it made unless TLS_CERT_DIR gave one. */
  certificate(): string;
  /** The running app replicas' container ids. */
  replicas(): string[];
}

/** A compose project named after `name` and this process, nginx on a free port. */
export async function stack(name: string, settings: NodeJS.ProcessEnv): Promise<Stack> {
  const [command, ...prefix] = composeCommand();
  const project = `${name}${process.pid}`;
  const proxyPort = await freePort();
  const proxyTlsPort = await freePort();
  const env = {
    ...process.env,
    PROXY_PORT: String(proxyPort),
    PROXY_TLS_PORT: String(proxyTlsPort),
    ...settings,
  };
  const compose = (...args: string[]) =>
    execFileSync(command, [...prefix, "-p", project, ...args], {
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
  return {
    project,
    env,
    proxyPort,
    proxyTlsPort,
    compose,
    certificate: () =>
      compose(
        "exec",
        "-T",
        "proxy",
        "sh",
        "-c",
        "cat /etc/nginx/tls/provided/fullchain.pem 2>/dev/null || cat /etc/nginx/tls/generated/fullchain.pem",
      ),
    replicas: () =>
      execFileSync(
        DOCKER,
        [
          "ps",
          "--quiet",
          "--filter",
          `label=com.docker.compose.project=${project}`,
          "--filter",
          "label=com.docker.compose.service=app",
        ],
        { encoding: "utf8" },
      )
        .split("\n")
        .filter(Boolean),
  };
}
