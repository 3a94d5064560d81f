/**
 * What the render bench page (`page/index.html`) publishes and the bench reads: one place for
 * the shape, the console label and the page's globals, which both sides use.
 */
export interface BenchResult {
  readonly n: number;
  readonly widget: string;
  /** Cards in the page when both times were taken. */
  readonly cards: number;
  /** Cards in the page when the first were inserted: the switcher's first screen. */
  readonly firstCards: number;
  /** Render to the first cards painted. */
  readonly ms: number;
  /** Render to every card of the view in the page, painted. */
  readonly allMs: number;
  /** Elements of the richest usable card. */
  readonly elements: number;
}

/**
 * The console label before the result's JSON. The bench reads the result from the console, so
 * that no script of its own runs in the page while the page is measuring.
 */
export const BENCH_RESULT_LABEL = 'bench-result';

/**
 * Where the bench leaves, in local storage, the markup of the switcher's first screen for the
 * render page's `widget=markup`: that markup drawn by React alone, without the switcher.
 */
export const BENCH_MARKUP_KEY = 'ics-bench.markup';

declare global {
  interface Window {
    benchResult?: BenchResult;
    /** Milliseconds of each key press, the keys in turn (the switcher only). */
    benchKeys?: (keys: readonly string[], times: number) => Promise<number[]>;
  }
}
