/**
 * A real HTTP server around one pipeline step, for the steps' unit tests: the
 * step answers, or `passed` does what a later step would; a step that throws is
 * a 500 whose error is kept in `lines`, as http.ts logs it once.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { Exchange, Step } from "../../server/platform/exchange.ts";

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => server.close())));

export interface StepServer {
  readonly base: string;
}

export async function serveStep(
  step: Step,
  exchangeOf: (req: IncomingMessage, res: ServerResponse) => Exchange,
  passed: (exchange: Exchange) => void,
  lines: Record<string, unknown>[],
): Promise<StepServer> {
  const server = createServer((req, res) => {
    const exchange = exchangeOf(req, res);
    Promise.resolve(step(exchange)).then(
      (answered) => {
        if (!answered) passed(exchange);
      },
      (error: Error) => {
        lines.push({ msg: "request failed", err: error.message });
        res.writeHead(500).end();
      },
    );
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
