/** The site copy the build tests change and build: scripts/shared/siteCopy.ts (the benchmarks use it too). */
export {copySite, SITE_ENTRIES} from '../../scripts/shared/siteCopy';
