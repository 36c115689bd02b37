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
import type { SharedCacheConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import { parsePurge, purgedPageKeys, type Purge } from "./on-demand.ts";

/** What a purge through the shared cache came to. */
export interface PurgeOutcome {
  /** Kept copies dropped: every replica's memory copies and the shared ones. */
  readonly pages: number;
  /** The replicas told (listening to the cache when it was sent). */
  readonly replicas: number;
  /** Those that confirmed they dropped theirs in time. */
  readonly confirmed: number;
  /** Why not every copy is known to be gone (the answer says it); null: they are. */
  readonly problem: string | null;
}

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
   * Whether this replica should render `key`: false while another replica has
   * claimed it (for `ms`); true when the claim is ours, or the cache is unavailable.
   */
  claim(key: string, ms: number): Promise<boolean>;
  /** After a render: keep the claim `ms` longer (no other try before), or give it up (null). */
  release(key: string, ms: number | null): Promise<void>;
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

  let healthy = true;
  let everReady = false;
  let backoffUntil = 0;
  const usable = () => client.status === "ready" && Date.now() >= backoffUntil;
  function trouble(error: unknown): void {
    backoffUntil = Date.now() + BACKOFF_MS;
    if (!healthy) return;
    healthy = false;
    logger.warn(
      { cache: where, err: { message: (error as Error)?.message ?? String(error) } },
      "shared cache unavailable: pages are served from memory or rendered until it is back",
    );
  }
  function fine(): void {
    if (healthy) return;
    healthy = true;
    backoffUntil = 0;
    logger.info({ cache: where }, "shared cache available again");
  }
  client.on("error", trouble);
  client.on("close", () => {
    if (everReady) trouble(new Error("connection closed"));
  });
  client.on("ready", () => {
    if (!everReady) logger.info({ cache: where }, "shared cache connected");
    everReady = true;
    fine();
  });
  subscriber.on("error", () => {}); // the command client reports the outage
  /** A command that never throws: its value, or `fallback` when the cache failed. */
  async function attempt<T>(command: () => Promise<T>, fallback: T): Promise<T> {
    if (!usable()) return fallback;
    try {
      const value = await command();
      fine();
      return value;
    } catch (error) {
      trouble(error);
      return fallback;
    }
  }

  let current: { build: string; local: LocalTier } | null = null;
  const waiting = new Map<string, (ack: Extract<Event, { type: "ack" }>) => void>();
  const indexKeys = (build: string, request: Purge) =>
    request.kind === "tags"
      ? request.names.map((tag) => `${PREFIX}:${build}:tag:${tag}`)
      : [...purgedPageKeys(request.names)].map((page) => `${PREFIX}:${build}:path:${page}`);

  /** A purge another replica (or this one) sent: the shared copies first, then ours. */
  async function onPurge(id: string, request: Purge): Promise<void> {
    if (current === null) return;
    const { build, local } = current;
    const index = indexKeys(build, request);
    const deleted = await attempt(async () => {
      const members = await client.sunion(...index);
      // Their claims too: a revalidation's claim would hold off the next render for its interval.
      const claims = members.map((page) =>
        page.replace(`${PREFIX}:${build}:page:`, `${PREFIX}:${build}:claim:`),
      );
      const pages = members.length > 0 ? await client.del(...members) : 0;
      await client.del(...index, ...claims);
      return pages;
    }, null);
    // After the shared copies: a request now cannot fetch one back into memory.
    const pages = local.drop(request) + (deleted ?? 0);
    const ack = { type: "ack", id, from: replicaId, pages, ok: deleted !== null };
    await attempt(() => client.publish(ACKS, JSON.stringify(ack)), 0);
  }

  let subscribedBefore = false;
  subscriber.on("ready", () => {
    subscriber.subscribe(EVENTS, ACKS).then(
      () => {
        // Purges sent while we were not listening are lost: drop every memory copy.
        if (subscribedBefore) {
          current?.local.dropAll();
          logger.info("shared cache subscription back: memory copies dropped");
        }
        subscribedBefore = true;
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
    available: () => client.status === "ready" && healthy,
    redis: client,

    async close() {
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
          const stored = pageKeyOf(key);
          const ttl = config.ttlSeconds;
          const index = [
            `${PREFIX}:${build}:path:${found.pageKey}`,
            ...found.tags.map((tag) => `${PREFIX}:${build}:tag:${tag}`),
          ];
          const multi = client.multi().set(stored, value, "EX", ttl);
          for (const set of index) multi.sadd(set, stored).expire(set, ttl);
          const done = await attempt(() => multi.exec(), null);
          if (done === null) return;
          const replaced = { type: "replaced", build, key, from: replicaId };
          await attempt(() => client.publish(EVENTS, JSON.stringify(replaced)), 0);
        },

        claim: (key, ms) =>
          attempt(
            async () => (await client.set(claimKeyOf(key), replicaId, "PX", ms, "NX")) === "OK",
            true,
          ),

        async release(key, ms) {
          await attempt<unknown>(
            () =>
              ms === null
                ? client.del(claimKeyOf(key))
                : client.set(claimKeyOf(key), replicaId, "PX", ms),
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
          if (!usable()) return unreachable(local.drop(request));
          const id = randomUUID();
          const acks: Extract<Event, { type: "ack" }>[] = [];
          let told = Infinity;
          let settle = () => {};
          const settled = new Promise<void>((resolve) => (settle = resolve));
          waiting.set(id, (ack) => {
            acks.push(ack);
            if (acks.length >= told) settle();
          });
          const timer = setTimeout(settle, PURGE_CONFIRM_TIMEOUT_MS);
          try {
            told = await attempt(
              () => client.publish(EVENTS, JSON.stringify({ type: "purge", id, request })),
              0,
            );
            if (told === 0) return unreachable(local.drop(request));
            if (acks.length >= told) settle();
            await settled;
          } finally {
            clearTimeout(timer);
            waiting.delete(id);
          }
          return {
            pages: acks.reduce((sum, ack) => sum + ack.pages, 0),
            replicas: told,
            confirmed: acks.length,
            problem:
              acks.length < told
                ? `${told - acks.length} of ${told} replicas did not confirm within ${PURGE_CONFIRM_TIMEOUT_MS} ms`
                : acks.every((ack) => ack.ok)
                  ? null
                  : "a replica could not reach the shared cache: its shared copies may remain",
          };
        },
      };
    },
  };
}
