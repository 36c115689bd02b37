import type { EntryContext } from "react-router";

type RenderMeta = NonNullable<EntryContext["renderMeta"]>;
type StreamCache = NonNullable<RenderMeta["streamCache"]>;

// Each chunk is a whole string (turbo-stream encodes one per enqueue): decoded on its own.
const decoder = new TextDecoder();

/**
 * React Router gives the browser a page's loader data through a stream (its
 * "server handoff"), which its `<ServerRouter>` copies into the page one chunk
 * at a time: each chunk is read by a component that suspends until the read
 * resolves, so even data that is all there costs React two more rounds of
 * rendering and flushing, a Suspense boundary each (about 6 % of a page's CPU,
 * docs/benchmarks.md).
 *
 * This reads, before React renders, the chunks that are ready within this turn
 * of the event loop (all of them, unless a loader returned a promise still
 * pending), and puts them where that component looks first: the cache it keeps
 * of its reads, `renderMeta.streamCache` (chunk index -> `{ result: { done,
 * value } }`, typed in EntryContext). The page's HTML is the same, rendered in
 * one pass. What is not ready by then streams as before, from a stream that
 * goes on where this stopped.
 */
export async function takeReadyHandoff(context: EntryContext): Promise<void> {
  const { serverHandoffStream: stream, renderMeta } = context;
  if (!stream || !renderMeta || renderMeta.streamCache) return;
  const reader = stream.getReader();
  const cache: StreamCache = {};
  let immediate: NodeJS.Immediate | undefined;
  const turnOver = new Promise<"later">((resolve) => {
    immediate = setImmediate(resolve, "later");
  });
  let index = 0;
  try {
    for (;;) {
      const read = reader.read();
      const result = await Promise.race([read, turnOver]);
      if (result === "later") {
        // Still open: the rest, from the read already asked, streams through React Router.
        context.serverHandoffStream = rest(reader, read);
        break;
      }
      cache[index++] = resolvedRead(result.done, result.done ? "" : decoder.decode(result.value));
      if (result.done) {
        reader.releaseLock();
        break;
      }
    }
  } catch (error) {
    // The stream failed: React Router reads the same failure where it would have.
    context.serverHandoffStream = rest(reader, Promise.reject(error));
  } finally {
    clearImmediate(immediate);
  }
  renderMeta.streamCache = cache;
}

function resolvedRead(done: boolean, value: string): StreamCache[number] {
  return Object.assign(Promise.resolve(), { result: { done, value } });
}

/** The stream from `pending` on: the read already asked of `reader`, then the reader's next ones. */
function rest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
): ReadableStream<Uint8Array> {
  let next: typeof pending | undefined = pending;
  // The rejection is the new stream's, when it is read: not unhandled before that.
  pending.catch(() => {});
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const read = next ?? reader.read();
        next = undefined;
        const { done, value } = await read;
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
