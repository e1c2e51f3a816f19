/**
 * The session checker's model of the current documents (plugins/session-check writes it with
 * createData): the filter matches requests against its operations, channels and messages.
 */
declare module '@generated/session-check/default/session-model.json' {
  import type {SessionCheckData} from '@site/plugins/session-check/client/types';

  const data: SessionCheckData;
  export default data;
}
