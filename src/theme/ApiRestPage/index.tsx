/** Theme slot @theme/ApiRestPage: a REST reference page (plugins/api-reference registers /rest and its parts with it). */
export {default} from '@site/src/components/ApiReference/RestPage';
