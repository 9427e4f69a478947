declare module "mqzcap:models" {
  import type { ModelData } from "../model/types.js";
  const data: ModelData;
  export default data;
}
declare module "mqzcap:chartjs" {
  /** Chart.js's UMD build as text, safe inside a <script> element. */
  export function chartJsSource(): string;
}
