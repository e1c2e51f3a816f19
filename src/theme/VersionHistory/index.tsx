/** Theme slot @theme/VersionHistory: the history page (plugins/releases registers /version-history with it). */
export {default} from '@site/src/components/VersionHistory';
