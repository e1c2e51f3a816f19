/**
 * What the longest main-thread task of a page load consists of, from a Chromium trace (the
 * devtools.timeline categories the Performance panel records; no JavaScript sampling, so the
 * trace itself costs little). Used by ./scale.ts (npm run bench:scale).
 *
 * The task is split by the self time of the trace events inside it: HTML parsing, style
 * (recalculation and layout-tree building), layout, paint (pre-paint, paint, layerize, commit),
 * script (evaluation, function calls, microtasks: hydration is script), garbage collection, and
 * the rest. It also says how many elements the task styled and how many layout objects it laid
 * out, and which script files it evaluated.
 */
import type {Browser} from '@playwright/test';

/** A Chrome trace event: the fields read here. */
export interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: {dirtyObjects?: number};
    data?: {url?: string};
  };
}

/** A complete event ('X'): it has a duration. */
type Span = TraceEvent & {dur: number};

type Part = 'parse' | 'style' | 'layout' | 'paint' | 'script' | 'gc' | 'other';

export interface Task {
  ms: number;
  parts: Record<Part, number>;
  elementsStyled: number;
  layoutObjects: number;
  scripts: string[];
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute'];

/** Trace event name → the part of a task it is. Unlisted names (scheduling, IPC) are "other". */
const PARTS: readonly [Part, RegExp][] = [
  ['parse', /^(ParseHTML|ParseAuthorStyleSheet)$/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout)$/],
  ['layout', /^(Layout|UpdateLayerTree)$/],
  ['paint', /^(PrePaint|Paint|PaintImage|Layerize|Commit|CompositeLayers|UpdateLayer|Decode.*)$/],
  ['gc', /(GC|Scavenge|MarkCompact|Sweep)/],
  [
    'script',
    /^(EvaluateScript|v8\.|V8\.|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|FireIdleCallback|HandlePostMessage|XHRLoad|XHRReadyStateChange)/,
  ],
];
const partOf = (name: string): Part => PARTS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';

/**
 * Loads `url` in a new page of `browser` with the CPU slowed `rate`×, traced, and waits for
 * hydration plus `settleMs`. Returns the breakdown of the longest task (see `longestTask`).
 */
export async function traceLongestTask(
  browser: Browser,
  url: string,
  {rate = 4, settleMs = 4000, timeout = 300_000}: {rate?: number; settleMs?: number; timeout?: number} = {},
): Promise<Task | null> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate});
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      traceConfig: {includedCategories: CATEGORIES},
      transferMode: 'ReportEvents',
    });
    await page.goto(url, {timeout});
    await page.waitForSelector('html[data-has-hydrated="true"]', {timeout});
    await page.waitForTimeout(settleMs);
    await cdp.send('Tracing.end');
    await complete;
    return longestTask(events);
  } finally {
    await page.close();
  }
}

/**
 * The longest task on the renderer's main thread in `events` (Chrome trace events), as
 * {ms, parts: {parse, style, layout, paint, script, gc, other} in ms, elementsStyled,
 * layoutObjects, scripts: the files it evaluated}; null when the trace holds no task.
 */
export function longestTask(events: readonly TraceEvent[]): Task | null {
  const threadNames = new Map<string, string | undefined>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name);
  const isTask = (e: TraceEvent): e is Span =>
    e.ph === 'X' &&
    typeof e.dur === 'number' &&
    e.name === 'RunTask' &&
    threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  // The page's main thread: the renderer main thread that ran the most task time.
  const busy = new Map<string, number>();
  for (const e of events)
    if (isTask(e)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main === undefined) return null;
  const spans = events
    .filter((e): e is Span => e.ph === 'X' && `${e.pid}:${e.tid}` === main && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const task = spans.filter((e) => e.name === 'RunTask').sort((a, b) => b.dur - a.dur)[0];
  if (task === undefined) return null;
  const inside = spans.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  // Self time: an event's duration less its direct children's (events nest by time on one thread).
  const self = new Map<Span, number>(inside.map((e) => [e, e.dur]));
  const open: Span[] = [];
  for (const e of inside) {
    for (let top = open.at(-1); top !== undefined && top.ts + top.dur <= e.ts; top = open.at(-1)) open.pop();
    const parent = open.at(-1);
    if (parent !== undefined) self.set(parent, (self.get(parent) ?? 0) - e.dur);
    open.push(e);
  }
  const parts: Record<Part, number> = {parse: 0, style: 0, layout: 0, paint: 0, script: 0, gc: 0, other: 0};
  for (const [e, us] of self) parts[partOf(e.name)] += us;
  const attributed = [...self.values()].reduce((a, b) => a + b, 0);
  parts.other += task.dur - attributed;
  const sum = (name: string, read: (e: Span) => number | undefined): number =>
    inside.filter((e) => e.name === name).reduce((n, e) => n + (read(e) ?? 0), 0);
  return {
    ms: Math.round(task.dur / 1000),
    parts: Object.fromEntries(Object.entries(parts).map(([k, us]) => [k, Math.round(us / 1000)])) as Record<
      Part,
      number
    >,
    elementsStyled: sum('UpdateLayoutTree', (e) => e.args?.elementCount),
    layoutObjects: sum('Layout', (e) => e.args?.beginData?.dirtyObjects),
    scripts: [
      ...new Set(
        inside
          .map((e) => (e.name === 'EvaluateScript' ? e.args?.data?.url : undefined))
          .filter((url): url is string => url !== undefined && url !== '')
          .map((url) => url.split('/').pop() ?? url),
      ),
    ],
  };
}

/** One line: "2.88 s: layout 1.93 s, style 0.50 s, … (11,050 elements styled, 22,213 layout objects)". */
export function describeTask(task: Task | null): string {
  if (task === null) return 'no task traced';
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  const parts = Object.entries(task.parts)
    .filter(([, ms]) => ms >= 10)
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => `${part} ${s(ms)}`)
    .join(', ');
  const counts = [
    task.elementsStyled > 0 ? `${task.elementsStyled.toLocaleString('en')} elements styled` : '',
    task.layoutObjects > 0 ? `${task.layoutObjects.toLocaleString('en')} layout objects laid out` : '',
    task.scripts.length > 0 ? `evaluated ${task.scripts.join(', ')}` : '',
  ].filter(Boolean);
  return `${s(task.ms)}: ${parts}${counts.length > 0 ? ` (${counts.join('; ')})` : ''}`;
}
