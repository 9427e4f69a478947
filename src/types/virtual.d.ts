declare module "mqzcap:models" {
  import type { ModelData } from "../model/types.js";
  const data: ModelData;
  export default data;
}
