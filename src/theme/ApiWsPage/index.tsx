/** Theme slot @theme/ApiWsPage: an older or upcoming release's WebSocket reference (plugins/api-reference registers /releases/<id>/ws with it). */
export {default} from '@site/src/components/ApiReference/WsPage';
