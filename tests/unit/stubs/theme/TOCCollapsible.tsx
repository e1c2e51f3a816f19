export {default} from './TOC';
