/**
 * `localhost` answered without asking the resolver: Next.js's tests reach the
 * app at http://localhost:<port>, and where the machine's resolver is asked
 * for it (an AAAA query to a DNS server out of reach) each request waits
 * seconds for nothing. The app listens on 127.0.0.1.
 */
import dns from "node:dns";

type Callback = (error: Error | null, address: unknown, family?: number) => void;

const lookup = dns.lookup;
dns.lookup = ((host: string, options: unknown, callback?: Callback) => {
  const done = (typeof options === "function" ? options : callback) as Callback;
  const opts = (typeof options === "object" && options) || {};
  if (host !== "localhost")
    return (lookup as (...args: unknown[]) => void)(host, options, callback);
  if ((opts as { all?: boolean }).all)
    process.nextTick(done, null, [{ address: "127.0.0.1", family: 4 }]);
  else process.nextTick(done, null, "127.0.0.1", 4);
}) as typeof dns.lookup;
