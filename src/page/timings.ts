// What the live page records of its own timing (performance.now, ms), read by the browser test and the
// bench as window.mqzcapTimings.
export interface Timings {
  /** When the page's script began: its first module ran (boot.ts), before any library's setup. */
  scriptStart: number;
  /** When the first estimate's results had been written into the page (not yet painted). */
  first: number | null;
  /** When the browser painted them: the status line's Element Timing render time (else the next frame). */
  painted: number | null;
  /** When the editor had been built (its script run after the first paint). */
  editor: number | null;
  /** When the first chart had been drawn (Chart.js compiled and run after the first paint). */
  chart: number | null;
  /** Each estimate's time: parse, validate, estimate and show the results (not the chart). */
  estimates: number[];
  /** Each chart update's time. */
  charts: number[];
}
