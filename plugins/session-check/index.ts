/**
 * The session checker's page, /docs/ws/session-check: after the api-reference plugin has loaded
 * the documents and built the reference models (`allContentLoaded`), it writes the session model
 * and compiles the validators the checker needs, then adds the page's route. The route is exact
 * and outside the docs plugin's /docs layout route (Docusaurus matches exact routes before a
 * layout route's sub-routes), so /docs/ws stays the docs plugin's page.
 *
 * Only the page's chunk (the component and the model) and, when a check runs, the worker and its
 * one validators chunk are loaded; no other page gains JavaScript beyond the route's entry.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {documentsFromAllContent, API_REFERENCE_PLUGIN} from '../api-reference/content';
import {generatedModule} from '../api-reference/generated';
import type {WsModel} from '../api-reference/types';
import {SESSION_CHECK_ROUTE, SESSION_VALIDATORS_DIR} from './client/route';
import {buildSessionModel} from './model';
import {compileSessionValidators} from './validators';

export const SESSION_CHECK_PLUGIN = 'session-check';

/** The page component; its props are the route's modules (`SessionCheckPageProps`). */
export const SESSION_CHECK_COMPONENT = '@theme/SessionCheck';

export default function sessionCheckPlugin(context: LoadContext): Plugin {
  return {
    name: SESSION_CHECK_PLUGIN,
    async allContentLoaded({allContent, actions}) {
      const documents = documentsFromAllContent(allContent, SESSION_CHECK_PLUGIN);
      const models = allContent[API_REFERENCE_PLUGIN]?.default as {ws?: WsModel} | undefined;
      if (models?.ws === undefined)
        throw new Error(
          `[${SESSION_CHECK_PLUGIN}] the ${API_REFERENCE_PLUGIN} plugin gave no reference models`,
        );
      const compiled = compileSessionValidators({
        openapi: structuredClone(documents.openapi),
        asyncapi: structuredClone(documents.asyncapi),
      });
      for (const validator of compiled)
        await actions.createData(`${SESSION_VALIDATORS_DIR}/${validator.file}`, validator.source);
      const ready = new Set(compiled.filter((c) => c.status === 'ready').map((c) => c.target));
      const model = buildSessionModel({
        openapi: documents.openapi,
        asyncapi: documents.asyncapi,
        ws: models.ws,
        compiled: ready,
      });
      const files = Object.fromEntries(compiled.map((c) => [c.target, c.file]));
      const modelFile = await actions.createData('session-model.json', JSON.stringify({model, files}));
      const generatedDir = path.join(context.generatedFilesDir);
      actions.addRoute({
        path: SESSION_CHECK_ROUTE,
        component: SESSION_CHECK_COMPONENT,
        modules: {data: generatedModule(generatedDir, modelFile)},
        exact: true,
      });
    },
  };
}
