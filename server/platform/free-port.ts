/** A TCP port free on 127.0.0.1 now: for a server started for a moment (the build's page check, tests). */
import { createServer, type AddressInfo } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
    server.on("error", fail);
  });
}
