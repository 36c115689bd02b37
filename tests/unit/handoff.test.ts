import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { takeReadyHandoff } from "../../app/handoff.ts";

const encoder = new TextEncoder();

/** A handoff stream: `ready` chunks at once, then `later` ones when `release()` is called. */
function handoff(ready: string[], later: string[] = [], { fail }: { fail?: Error } = {}) {
  let release = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of ready) controller.enqueue(encoder.encode(chunk));
      if (fail) controller.error(fail);
      else if (later.length === 0) controller.close();
      else
        release = () => {
          for (const chunk of later) controller.enqueue(encoder.encode(chunk));
          controller.close();
        };
    },
  });
  const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
  return { context, release: () => release() };
}

/** What React Router's reader will find in the cache, in order. */
function cached(context: EntryContext) {
  return Object.values(context.renderMeta!.streamCache!).map((entry) => entry.result);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk);
  return text;
}

describe("takeReadyHandoff", () => {
  test("data all there: every chunk and the end are cached, and nothing is left to read", async () => {
    const { context } = handoff(["[1,2]\n", "P1:[3]\n"]);
    const original = context.serverHandoffStream!;
    await takeReadyHandoff(context);
    expect(cached(context)).toEqual([
      { done: false, value: "[1,2]\n" },
      { done: false, value: "P1:[3]\n" },
      { done: true, value: "" },
    ]);
    // React Router's <ServerRouter> still takes a reader of it: it must not be locked.
    expect(context.serverHandoffStream).toBe(original);
    expect(original.locked).toBe(false);
  });

  test("a promise still pending: what is ready is cached, the rest streams in order", async () => {
    const { context, release } = handoff(["[1,2]\n"], ["P1:[3]\n", "P2:[4]\n"]);
    await takeReadyHandoff(context);
    expect(cached(context)).toEqual([{ done: false, value: "[1,2]\n" }]);
    const rest = readAll(context.serverHandoffStream!);
    release();
    expect(await rest).toBe("P1:[3]\nP2:[4]\n");
  });

  test("the stream failed: the rest fails with its error, where React Router reads it", async () => {
    const failure = new Error("encoding failed");
    const { context } = handoff([], [], { fail: failure });
    await takeReadyHandoff(context);
    expect(cached(context)).toEqual([]);
    await expect(readAll(context.serverHandoffStream!)).rejects.toBe(failure);
  });

  test("no handoff stream (an SPA-mode page), or a cache already there: left alone", async () => {
    const bare = { renderMeta: {} } as unknown as EntryContext;
    await takeReadyHandoff(bare);
    expect(bare.renderMeta!.streamCache).toBeUndefined();

    const { context } = handoff(["[1]\n"]);
    const streamCache = {};
    context.renderMeta!.streamCache = streamCache;
    await takeReadyHandoff(context);
    expect(context.renderMeta!.streamCache).toBe(streamCache);
    expect(context.serverHandoffStream!.locked).toBe(false);
  });
});
