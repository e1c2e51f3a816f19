import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

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
        {type: 'link', label: 'REST API reference', href: '/rest'},
        {type: 'doc', id: 'ws', label: 'WebSocket API reference'},
      ],
    },
  ],
};

export default sidebars;
