declare module "mqzcap:models" {
  import type { ModelData } from "../model/types.js";
  const data: ModelData;
  export default data;
}
declare module "mqzcap:chartjs" {
  /** Chart.js's UMD build as text, safe inside a <script> element. */
  export function chartJsSource(): string;
}
declare module "mqzcap:chart-ranges" {
  /** The Chart.js plugin of src/report/chart-ranges.ts, compiled into the live page's script. */
  const plugin: { id: string };
  export default plugin;
}
