/**
 * docker-compose.yml run by a test: a project of its own, its ports free ones,
 * and the helpers the container tests share.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { rawRequest } from "../integration/harness.ts";

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
  /**
   * `compose up --detach --no-build ...args`, then `ready` until it holds (by
   * default: nginx answers /readyz). If either fails, the error names every
   * container that is not up and healthy, with its health log and last log lines.
   */
  up(args?: string[], ready?: Readiness): Promise<void>;
  /** Each of the project's containers: state, health, and (for those failing) why. */
  describe(): string;
}

/** What "the stack is up" means to a suite: a name for the error, and a probe. */
export interface Readiness {
  what: string;
  probe: () => Promise<boolean>;
  timeoutMs?: number;
}

const LOG_LINES = 30;
const HEALTH_CHECKS_SHOWN = 3;

interface ContainerState {
  Name: string;
  State: {
    Status: string;
    ExitCode: number;
    OOMKilled: boolean;
    Health?: { Status: string; Log?: { ExitCode: number; Output: string }[] };
  };
}

/** One paragraph a container: a line for one that is up, its reasons for one that is not. */
function describeContainers(project: string): string {
  const ids = execFileSync(
    DOCKER,
    ["ps", "--all", "--quiet", "--filter", `label=com.docker.compose.project=${project}`],
    { encoding: "utf8" },
  )
    .split("\n")
    .filter(Boolean);
  if (ids.length === 0) return `no container of project ${project}`;
  const states = JSON.parse(
    execFileSync(DOCKER, ["inspect", ...ids], { encoding: "utf8" }),
  ) as ContainerState[];
  return states
    .map(({ Name, State }, i) => {
      const health = State.Health?.Status;
      const summary = `${Name.replace(/^\//, "")}: ${State.Status}${health ? ` (${health})` : ""}${
        State.Status === "exited" ? `, exit code ${State.ExitCode}` : ""
      }${State.OOMKilled ? ", OOM-killed" : ""}`;
      if (State.Status === "running" && (health === undefined || health === "healthy"))
        return summary;
      const checks = (State.Health?.Log ?? [])
        .slice(-HEALTH_CHECKS_SHOWN)
        .map((check) => `  health check exit ${check.ExitCode}: ${check.Output.trim()}`);
      const logs = spawnSync(DOCKER, ["logs", "--tail", String(LOG_LINES), ids[i]!], {
        encoding: "utf8",
      });
      const lines = `${logs.stdout}${logs.stderr}`
        .trimEnd()
        .split("\n")
        .map((line) => `  | ${line}`);
      return [summary, ...checks, `  last ${LOG_LINES} log lines:`, ...lines].join("\n");
    })
    .join("\n");
}

/** Waits until `readiness` holds, for at most its timeout (90 s unless it says). */
export const waitUntil = ({ what, probe, timeoutMs = 90_000 }: Readiness) =>
  until(what, async () => ((await probe()) ? true : undefined), timeoutMs);

const proxyAnswers = (port: number): Readiness => ({
  what: "the proxy answers /readyz",
  probe: async () => (await rawRequest(port, "/readyz")).status === 200,
});

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
  const describe = () => describeContainers(project);
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
    describe,
    async up(args = [], ready = proxyAnswers(proxyPort)) {
      try {
        compose("up", "--detach", "--no-build", ...args);
        await waitUntil(ready);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${project} did not come up: ${reason.trim()}\n${describe()}`, {
          cause: error,
        });
      }
    },
  };
}

/**
 * The smoke image against a stack's nginx, on the stack's network, at `siteUrl`
 * (`https://proxy:8443`, with a path for a site under a base path), with its
 * self-signed certificate trusted, as browsers meet the stack: the exit code,
 * the output and how long it took.
 */
export function runSmoke(
  project: string,
  image: string,
  siteUrl: string,
  args: readonly string[] = [],
): { status: number | null; output: string; seconds: number } {
  const startedAt = Date.now();
  const name = `${project}_smoke`;
  const run = spawnSync(
    DOCKER,
    [
      "run",
      "--rm",
      "--name",
      name,
      "--network",
      `${project}_default`,
      image,
      siteUrl,
      "--insecure",
      ...args,
    ],
    { encoding: "utf8", timeout: 270_000 },
  );
  // A run cut by the timeout leaves its container behind, holding the network.
  spawnSync(DOCKER, ["rm", "--force", name], { stdio: "ignore" });
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`,
    seconds: (Date.now() - startedAt) / 1000,
  };
}
