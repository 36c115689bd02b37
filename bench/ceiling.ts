/**
 * The benchmark's ceiling: a bare node:http server that answers each recorded
 * path with the exact status, headers and bytes our server gave. It runs in its
 * own process, like the servers it is compared with.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([path, r]) => [
    path,
    { ...r, body: Buffer.from(r.body, "base64") },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
process.once("SIGTERM", () => server.close(() => process.exit(0)));
