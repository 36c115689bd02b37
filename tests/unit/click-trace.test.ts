import { describe, expect, test } from "vitest";
import { clickBreakdown, kindOf, PAINTED_MARK, type TraceEvent } from "../../bench/click-trace.ts";

const MAIN = { pid: 7, tid: 1 };
const span = (name: string, ts: number, dur: number, at = MAIN): TraceEvent => ({
  name,
  cat: "devtools.timeline",
  ph: "X",
  ts,
  dur,
  ...at,
});
const click = (ts: number, dur: number): TraceEvent => ({
  ...span("EventDispatch", ts, dur),
  args: { data: { type: "click" } },
});
const painted = (ts: number, pid = MAIN.pid): TraceEvent => ({
  name: PAINTED_MARK,
  cat: "blink.user_timing",
  ph: "R",
  ts,
  pid,
  tid: MAIN.tid,
});

describe("clickBreakdown: the main thread's work from a click to its painted heading", () => {
  test("self times by kind; what the thread did not do is not busy", () => {
    const breakdown = clickBreakdown([
      click(1_000, 5_000),
      span("FunctionCall", 1_500, 3_000),
      span("V8.GC_SCAVENGER", 2_000, 1_000),
      span("RunTask", 10_000, 4_000),
      span("UpdateLayoutTree", 10_500, 1_000),
      span("Paint", 12_000, 500),
      painted(20_000),
    ]);
    expect(breakdown).toEqual({
      wall: 19,
      busy: 9,
      by: { scripting: 4, "style & layout": 1, paint: 0.5, gc: 1, other: 2.5 },
    });
  });

  test("another thread's or process's work does not count; work past the paint is cut off", () => {
    const breakdown = clickBreakdown([
      click(1_000, 1_000),
      span("FunctionCall", 1_000, 500, { pid: 7, tid: 2 }),
      span("Layout", 1_500, 300, { pid: 8, tid: 1 }),
      span("RunTask", 4_000, 4_000),
      span("FunctionCall", 4_000, 4_000),
      painted(6_000),
    ]);
    expect(breakdown?.wall).toBe(5);
    expect(breakdown?.busy).toBe(3);
    expect(breakdown?.by.scripting).toBe(3);
    expect(breakdown?.by["style & layout"]).toBe(0);
  });

  test.each([
    ["no click in the trace", [span("RunTask", 0, 10), painted(100)]],
    ["no painted mark", [click(0, 10)]],
    ["the mark of another renderer (the click loaded a document)", [click(0, 10), painted(100, 9)]],
  ])("%s: no breakdown", (_, events) => {
    expect(clickBreakdown(events)).toBeNull();
  });
});

describe("kindOf: DevTools' kinds of main-thread work", () => {
  test.each([
    ["FunctionCall", "scripting"],
    ["RunMicrotasks", "scripting"],
    ["v8.evaluateModule", "scripting"],
    ["MinorGC", "gc"],
    ["V8.GC_MARK_COMPACTOR", "gc"],
    ["UpdateLayoutTree", "style & layout"],
    ["Layout", "style & layout"],
    ["PrePaint", "paint"],
    ["Commit", "paint"],
    ["RunTask", "other"],
    ["ParseHTML", "other"],
  ] as const)("%s is %s", (name, kind) => {
    expect(kindOf(name)).toBe(kind);
  });
});
