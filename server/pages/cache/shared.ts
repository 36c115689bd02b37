/**
 * The cache every replica shares (CACHE_URL): pages rendered once live in Redis,
 * keyed by build, origin, path and query, so a page one replica rendered is
 * served by all of them; each keeps a copy in memory in front (render-once.ts).
 * Redis pub/sub carries what must reach every replica at once: a purge (answered
 * when every replica has confirmed it) and a page replaced by a revalidation.
 *
 * The cache is never in the way of an answer. Every command gives up after
 * CACHE_TIMEOUT_MS; while Redis is unreachable or failing, nothing is asked of it
 * (a request is answered from memory or rendered), the outage is logged once and
 * its end once, and the client reconnects by itself. A subscription that was
 * down may have missed purges: when it is back, the memory copies are dropped.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Redis } from "ioredis";
import type { SharedCacheConfig } from "../../platform/config.ts";
import type { Logger } from "../../platform/logger.ts";
import { parsePurge, purgedPageKeys, type Purge, type PurgeOutcome } from "./on-demand.ts";

/** What the shared cache asks of the replica's own (memory) tier. */
export interface LocalTier {
  /** Drops the copies (and renders under way) a purge names; how many it dropped. */
  drop(request: Purge): number;
  /** Drops one copy: another replica replaced the page. */
  dropKey(key: string): void;
  /** Drops every copy: purges may have been missed. */
  dropAll(): void;
}

/** The shared cache as one build's pages see it. None of these throws. */
export interface SharedTier {
  /** The page kept under `key`, encoded; null when there is none, or the cache is unavailable. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Keeps `value` under `key` for CACHE_TTL_SECONDS, findable by its page key and
   * tags, and tells the other replicas to drop their copy of what it replaces.
   */
  put(
    key: string,
    value: Buffer,
    found: { pageKey: string; tags: readonly string[] },
  ): Promise<void>;
  /**
   * Whether this replica should render `key`: null while another replica has
   * claimed it; else the claim's token (ours for `ms` at most; a token of no
   * claim when the cache is unavailable, and this replica renders).
   */
  claim(key: string, ms: number): Promise<string | null>;
  /**
   * After a render: hold the claim, if still ours, `ms` more (no replica tries
   * before then), or give it up (0). A claim a purge dropped, or another replica
   * took since, is left alone.
   */
  release(key: string, token: string, ms: number): Promise<void>;
  /** Drops what `request` names from every replica and from the shared cache. */
  purge(request: Purge): Promise<PurgeOutcome>;
}

export interface SharedCache {
  /** The tier of the build now served; a later call (a new dev build) takes over the messages. */
  forBuild(build: string, local: LocalTier): SharedTier;
  /** Whether Redis is answering, for the metrics and tests. */
  readonly available: () => boolean;
  /** The command connection, for what else the replicas share (the rate limits). */
  readonly redis: Redis;
  close(): Promise<void>;
}

const PREFIX = "rrss";
const EVENTS = `${PREFIX}:events`;
const ACKS = `${PREFIX}:acks`;
/** Every replica's last sign of life (a sorted set: id by time). */
const REPLICAS = `${PREFIX}:replicas`;
const HEARTBEAT_MS = 2000;
/** A replica not seen for this long is gone: a purge does not wait for it. */
const ALIVE_MS = 5000;
/** Failed commands in a row that make an outage (one may be a blocked event loop's timeout). */
const FAILURES_FOR_OUTAGE = 3;
/** Deleted at once: a purge of thousands of pages in steps that each fit the timeout. */
const DELETE_BATCH = 200;
/** Holds or drops a claim, only if it is still the one `token` names. */
const RELEASE_CLAIM = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('del', KEYS[1]) end
return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])`;
/** How long a purge waits for every replica to confirm it. */
export const PURGE_CONFIRM_TIMEOUT_MS = 2000;
/** After a failed or slow command, how long the cache is left alone before the next try. */
const BACKOFF_MS = 1000;

type Event =
  | { readonly type: "purge"; readonly id: string; readonly request: Purge }
  | {
      readonly type: "replaced";
      readonly build: string;
      readonly key: string;
      readonly from: string;
    }
  | {
      readonly type: "ack";
      readonly id: string;
      readonly from: string;
      readonly pages: number;
      readonly ok: boolean;
    };

/** An event from the channel, or null for anything else (another version, garbage). */
export function parseEvent(raw: string): Event | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const text = (v: unknown) => typeof v === "string" && v.length > 0 && v.length <= 16_384;
  switch (value.type) {
    case "purge": {
      const request = value.request as Purge | undefined;
      const parsed = request && parsePurge({ [request.kind]: request.names });
      return text(value.id) && parsed && !("error" in parsed)
        ? { type: "purge", id: value.id as string, request: parsed }
        : null;
    }
    case "replaced":
      return text(value.build) && text(value.key) && text(value.from) ? (value as Event) : null;
    case "ack":
      return text(value.id) &&
        text(value.from) &&
        Number.isSafeInteger(value.pages) &&
        typeof value.ok === "boolean"
        ? (value as Event)
        : null;
    default:
      return null;
  }
}

/** The URL as a log may show it: without its password. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== "") parsed.password = "***";
  return parsed.href;
}

export function connectSharedCache(config: SharedCacheConfig, logger: Logger): SharedCache {
  const where = redactedUrl(config.url);
  const replicaId = `${hostname()}:${process.pid}`;
  const connection = {
    connectTimeout: Math.max(1000, config.timeoutMs),
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times: number) => Math.min(100 * 2 ** times, 2000),
  } as const;
  // Commands: none waits for a connection (no offline queue); each fails after the timeout.
  const client = new Redis(config.url, {
    ...connection,
    commandTimeout: config.timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // Subscriptions: made on every (re)connection, below.
  const subscriber = new Redis(config.url, { ...connection, autoResubscribe: false });

  /**
   * An outage begins when the connection is lost or FAILURES_FOR_OUTAGE commands
   * in a row fail, and ends when the connection is back or a command sent after it
   * began succeeds: logged once each. Meanwhile Redis is asked at most once a second.
   */
  let outage: { since: number } | null = null;
  let failures = 0;
  let backoffUntil = 0;
  let everReady = false;
  let writesRefused = false;
  const usable = () => client.status === "ready" && Date.now() >= backoffUntil;
  function outageBegins(error: unknown): void {
    backoffUntil = Date.now() + BACKOFF_MS;
    if (outage !== null) return;
    outage = { since: Date.now() };
    logger.warn(
      { cache: where, err: { message: (error as Error)?.message ?? String(error) } },
      "shared cache unavailable: pages are served from memory or rendered until it is back",
    );
  }
  function outageEnds(): void {
    failures = 0;
    backoffUntil = 0;
    if (outage === null) return;
    outage = null;
    logger.info({ cache: where }, "shared cache available again");
  }
  client.on("error", (error: unknown) => {
    if (client.status !== "ready") outageBegins(error);
  });
  client.on("close", () => {
    if (everReady) outageBegins(new Error("connection closed"));
  });
  client.on("ready", () => {
    if (!everReady && outage === null) logger.info({ cache: where }, "shared cache connected");
    everReady = true;
    outageEnds();
    void heartbeat();
  });
  subscriber.on("error", () => {}); // the command client reports the outage

  /** A command that never throws: its value, or `fallback` when the cache failed or is out. */
  async function attempt<T>(command: () => Promise<T>, fallback: T): Promise<T> {
    if (!usable()) return fallback;
    const sentAt = Date.now();
    try {
      const value = await command();
      if (outage === null || sentAt >= outage.since) outageEnds();
      return value;
    } catch (error) {
      failures++;
      if (failures >= FAILURES_FOR_OUTAGE || outage !== null) outageBegins(error);
      return fallback;
    }
  }

  // Signs of life, so that a purge knows whom to wait for.
  const heartbeat = () =>
    attempt(
      () =>
        client
          .multi()
          .zadd(REPLICAS, Date.now(), replicaId)
          .zremrangebyscore(REPLICAS, "-inf", Date.now() - 60_000)
          .exec(),
      null,
    );
  const beating = setInterval(() => void heartbeat(), HEARTBEAT_MS);
  beating.unref();
  const aliveReplicas = () =>
    attempt(() => client.zrangebyscore(REPLICAS, Date.now() - ALIVE_MS, "+inf"), null);

  let current: { build: string; local: LocalTier } | null = null;
  const waiting = new Map<string, (ack: Extract<Event, { type: "ack" }>) => void>();
  const indexKeys = (build: string, request: Purge) =>
    request.kind === "tags"
      ? request.names.map((tag) => `${PREFIX}:${build}:tag:${tag}`)
      : [...purgedPageKeys(request.names)].map((page) => `${PREFIX}:${build}:path:${page}`);

  /** Deletes the kept pages an index names, with their claims; how many; null on failure. */
  async function deleteIndexed(build: string, index: readonly string[]): Promise<number | null> {
    const listed = await attempt(async () => {
      const pipeline = client.pipeline();
      for (const key of index) pipeline.zrange(key, "0", "-1");
      return (await pipeline.exec()) ?? [];
    }, null);
    if (listed === null || listed.some(([error]) => error !== null)) return null;
    const pages = [...new Set(listed.flatMap(([, members]) => members as string[]))];
    // Their claims too: a revalidation's would hold off the next render for its interval.
    const claims = pages.map((page) =>
      page.replace(`${PREFIX}:${build}:page:`, `${PREFIX}:${build}:claim:`),
    );
    const keys = [...pages, ...claims, ...index];
    let deleted = 0;
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const count = await attempt(() => client.unlink(...batch), null);
      if (count === null) return null;
      deleted += count;
    }
    return Math.min(deleted, pages.length);
  }

  /** A purge another replica (or this one) sent: the shared copies first, then ours. */
  async function onPurge(id: string, request: Purge): Promise<void> {
    if (current === null) return;
    const { build, local } = current;
    const deleted = await deleteIndexed(build, indexKeys(build, request));
    // After the shared copies: a request now cannot fetch one back into memory.
    const pages = local.drop(request) + (deleted ?? 0);
    const ack = { type: "ack", id, from: replicaId, pages, ok: deleted !== null };
    await attempt(() => client.publish(ACKS, JSON.stringify(ack)), 0);
  }

  subscriber.on("ready", () => {
    subscriber.subscribe(EVENTS, ACKS).then(
      () => {
        // Purges sent while we were not listening are lost: drop every memory copy.
        current?.local.dropAll();
        logger.debug("shared cache subscribed: memory copies dropped");
      },
      () => subscriber.disconnect(true), // try again on a new connection
    );
  });
  subscriber.on("message", (_channel: string, raw: string) => {
    const event = parseEvent(raw);
    if (event === null) {
      logger.warn({ message: raw.slice(0, 200) }, "shared cache: a message that is not ours");
      return;
    }
    if (event.type === "ack") waiting.get(event.id)?.(event);
    else if (event.type === "replaced") {
      if (event.from !== replicaId && event.build === current?.build)
        current.local.dropKey(event.key);
    } else {
      onPurge(event.id, event.request).catch((error: unknown) =>
        logger.error({ err: error }, "shared cache: a purge failed"),
      );
    }
  });

  return {
    available: () => client.status === "ready" && outage === null,
    redis: client,

    async close() {
      clearInterval(beating);
      await attempt(() => client.zrem(REPLICAS, replicaId), 0);
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },

    forBuild(build, local) {
      current = { build, local };
      const pageKeyOf = (key: string) => `${PREFIX}:${build}:page:${key}`;
      const claimKeyOf = (key: string) => `${PREFIX}:${build}:claim:${key}`;
      return {
        get: (key) => attempt(() => client.getBuffer(pageKeyOf(key)), null),

        async put(key, value, found) {
          if (!usable()) return;
          const stored = pageKeyOf(key);
          const expiresAt = Date.now() + config.ttlSeconds * 1000;
          // Indexes are sorted sets without a TTL, their members scored by expiry and
          // trimmed here: no eviction can lose what a purge must find.
          const index = [
            `${PREFIX}:${build}:path:${found.pageKey}`,
            ...found.tags.map((tag) => `${PREFIX}:${build}:tag:${tag}`),
          ];
          const multi = client.multi().set(stored, value, "PXAT", expiresAt);
          for (const set of index) {
            multi.zadd(set, expiresAt, stored).zremrangebyscore(set, "-inf", Date.now());
          }
          let refusal: unknown = null;
          const done = await attempt(
            () =>
              multi.exec().catch((error: unknown) => {
                refusal = error;
                throw error;
              }),
            null,
          );
          if (done === null) {
            if (refusal !== null && !writesRefused && client.status === "ready") {
              writesRefused = true;
              logger.warn(
                { cache: where, err: { message: (refusal as Error).message } },
                "shared cache refused a write: new pages are kept in memory only until it takes them",
              );
            }
            return;
          }
          if (writesRefused) {
            writesRefused = false;
            logger.info({ cache: where }, "shared cache takes writes again");
          }
          const replaced = { type: "replaced", build, key, from: replicaId };
          await attempt(() => client.publish(EVENTS, JSON.stringify(replaced)), 0);
        },

        async claim(key, ms) {
          const token = randomUUID();
          const taken = await attempt(
            async () => (await client.set(claimKeyOf(key), token, "PX", ms, "NX")) === "OK",
            true,
          );
          return taken ? token : null;
        },

        async release(key, token, ms) {
          await attempt(
            () => client.eval(RELEASE_CLAIM, 1, claimKeyOf(key), token, Math.max(0, Math.ceil(ms))),
            null,
          );
        },

        async purge(request) {
          const unreachable = (pages: number) => ({
            pages,
            replicas: 1,
            confirmed: 1,
            problem: "the shared cache is unreachable: dropped on this replica only",
          });
          const alive = await aliveReplicas();
          if (alive === null) return unreachable(local.drop(request));
          // Every replica alive must confirm, this one included, listening or not.
          const expected = new Set([...alive, replicaId]);
          const acks = new Map<string, Extract<Event, { type: "ack" }>>();
          let settle = () => {};
          const settled = new Promise<void>((resolve) => (settle = resolve));
          const id = randomUUID();
          waiting.set(id, (ack) => {
            if (expected.has(ack.from)) acks.set(ack.from, ack);
            if (acks.size >= expected.size) settle();
          });
          const timer = setTimeout(settle, PURGE_CONFIRM_TIMEOUT_MS);
          try {
            const told = await attempt(
              () => client.publish(EVENTS, JSON.stringify({ type: "purge", id, request })),
              null,
            );
            if (told === null) return unreachable(local.drop(request));
            await settled;
          } finally {
            clearTimeout(timer);
            waiting.delete(id);
          }
          const missing = [...expected].filter((replica) => !acks.has(replica));
          if (missing.length > 0) local.drop(request); // ours at least, whatever the others did
          return {
            pages: [...acks.values()].reduce((sum, ack) => sum + ack.pages, 0),
            replicas: expected.size,
            confirmed: acks.size,
            problem:
              missing.length > 0
                ? `${missing.length} of ${expected.size} replicas did not confirm within ${PURGE_CONFIRM_TIMEOUT_MS} ms (${missing.join(", ")})`
                : [...acks.values()].every((ack) => ack.ok)
                  ? null
                  : "a replica could not reach the shared cache: its shared copies may remain",
          };
        },
      };
    },
  };
}
