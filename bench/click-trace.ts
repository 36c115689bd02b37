/**
 * The main thread's work during a click, from a Chromium performance trace:
 * what `npm run bench:browser`'s trace section prints (issue 34). The window
 * runs from the click's dispatch to the user-timing mark the page makes once the
 * frame showing the new page's heading is painted (bench/browser.ts,
 * watchForHeading); the work in it is split as DevTools' summary splits it,
 * by each event's self time.
 */

/** The fields of a Chrome trace event read here (the Trace Event Format). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string } };
}

/** What the trace records: the timeline, and the page's user-timing marks. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
].join(",");

/** The mark the page makes when the new heading's frame is painted. */
export const PAINTED_MARK = "bench:painted";

export const KINDS = ["scripting", "style & layout", "paint", "gc", "other"] as const;
export type Kind = (typeof KINDS)[number];

export interface Breakdown {
  /** From the click's dispatch to the painted mark, in ms. */
  wall: number;
  /** Of that, the main thread at work; the rest it waited (for the network, a frame). */
  busy: number;
  /** The busy time by kind of work (self times, so nothing counts twice). */
  by: Record<Kind, number>;
}

const STYLE_AND_LAYOUT = new Set([
  "UpdateLayoutTree",
  "RecalculateStyles",
  "Layout",
  "HitTest",
  "InvalidateLayout",
  "ScheduleStyleRecalculation",
  "IntersectionObserverController::computeIntersections",
]);
const PAINT = new Set(["PrePaint", "Paint", "Layerize", "Commit", "UpdateLayer", "PaintImage"]);
const SCRIPTING = new Set([
  "EventDispatch",
  "FunctionCall",
  "EvaluateScript",
  "RunMicrotasks",
  "TimerFire",
  "FireAnimationFrame",
  "FireIdleCallback",
  "XHRReadyStateChange",
]);

export function kindOf(name: string): Kind {
  if (/GC|Scavenge|Sweep|Mark-?Compact/i.test(name)) return "gc";
  if (STYLE_AND_LAYOUT.has(name)) return "style & layout";
  if (PAINT.has(name)) return "paint";
  if (SCRIPTING.has(name) || /^v8\.|^V8\./.test(name)) return "scripting";
  return "other";
}

/**
 * The click's breakdown, or null when the trace lacks the click or the mark
 * (the click loaded a new document, for one: its heading was painted by another
 * renderer).
 */
export function clickBreakdown(events: readonly TraceEvent[]): Breakdown | null {
  const click = events.find((e) => e.name === "EventDispatch" && e.args?.data?.type === "click");
  if (!click) return null;
  const mark = events.find(
    (e) => e.name === PAINTED_MARK && e.pid === click.pid && e.ts >= click.ts,
  );
  if (!mark) return null;
  const [start, end] = [click.ts, mark.ts];

  // The main thread's complete events in the window, clipped to it, outermost first.
  const spans = events
    .filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === "X" && e.dur)
    .map((e) => ({ name: e.name, from: Math.max(e.ts, start), to: Math.min(e.ts + e.dur!, end) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from || b.to - a.to);

  const by = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  let busy = 0;
  // Events nest on one thread: each one's self time is its span less its children's.
  const open: { to: number; kind: Kind; self: number }[] = [];
  const close = (until: number) => {
    while (open.length > 0 && open.at(-1)!.to <= until) {
      const done = open.pop()!;
      by[done.kind] += done.self;
    }
  };
  for (const span of spans) {
    close(span.from);
    const length = span.to - span.from;
    const parent = open.at(-1);
    if (parent) parent.self -= length;
    else busy += length;
    open.push({ to: span.to, kind: kindOf(span.name), self: length });
  }
  close(Infinity);
  const ms = (us: number) => us / 1000;
  return {
    wall: ms(end - start),
    busy: ms(busy),
    by: Object.fromEntries(KINDS.map((k) => [k, ms(by[k])])) as Record<Kind, number>,
  };
}
