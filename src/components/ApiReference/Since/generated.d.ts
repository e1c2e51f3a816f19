/** since-marks.json, which the releases plugin writes with createData (plugins/releases/since.ts). */
declare module '@generated/releases/default/since-marks.json' {
  import type {SinceMarksData} from '@site/plugins/releases/client/since';

  const data: SinceMarksData;
  export default data;
}
