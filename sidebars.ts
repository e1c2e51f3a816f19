import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {loadIdentity, resolveSpecPaths} from './plugins/api-reference/identity';
import {ROUTES} from './plugins/api-reference/client/routes';

/** The AsyncAPI reference is named after the document's protocol (WebSocket for the product's own). */
const {asyncApiLabel} = loadIdentity(resolveSpecPaths(__dirname));

/** One sidebar, the guides; its first link is the intro (the navbar's "Guides"). */
const sidebars: SidebarsConfig = {
  guides: [
    'intro',
    'getting_started',
    'authentication',
    'environments',
    'pgp_encryption',
    'rest_overview',
    'websockets',
    {
      type: 'category',
      label: 'API reference',
      collapsed: false,
      items: [
        {type: 'link', label: 'REST API reference', href: ROUTES.rest},
        {type: 'doc', id: 'ws', label: `${asyncApiLabel} API reference`},
      ],
    },
  ],
};

export default sidebars;
