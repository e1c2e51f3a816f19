/** Theme slot @theme/SessionCheck: the session checker's page (plugins/session-check registers /docs/ws/session-check with it). */
export {default} from '@site/src/components/SessionCheck';
