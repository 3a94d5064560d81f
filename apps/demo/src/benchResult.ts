/**
 * What the render bench page (`bench.html`) publishes and `bench/switcher` reads: one place for
 * the shape, the console label and the page's globals, which both sides use.
 */
export interface BenchResult {
  readonly n: number;
  readonly widget: string;
  /** Cards in the page when both times were taken. */
  readonly cards: number;
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

declare global {
  interface Window {
    benchResult?: BenchResult;
    /** Milliseconds of each key press, the keys in turn (the switcher only). */
    benchKeys?: (keys: readonly string[], times: number) => Promise<number[]>;
  }
}
