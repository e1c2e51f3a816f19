/**
 * Takes Docusaurus's start-up Prism client module out of the client build.
 *
 * theme-classic adds a client module that imports prism-react-renderer and sets up every grammar
 * of `themeConfig.prism.additionalLanguages` while main.js is evaluated, on every page. That
 * evaluation is the longest task of a light page with the CPU slowed 4×, and Prism was about a
 * third of it. With the module replaced by an empty one, Prism is evaluated by the first module
 * that renders code (a page chunk, in a task of its own) and each added grammar is set up when a
 * block first needs it (src/prismLanguages.ts). The server build keeps the module: with the
 * empty list docusaurus.config.ts gives it, it sets up nothing there either.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The client module theme-classic lists in getClientModules (lib/prism-include-languages.js). */
const START_UP_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

export default function prismOnDemand(context: LoadContext): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            START_UP_MODULE,
            path.join(context.siteDir, 'plugins/prism-on-demand/nothing-at-start-up.js'),
          ),
        ],
      };
    },
  };
}
