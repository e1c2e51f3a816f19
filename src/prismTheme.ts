import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code highlighting colours, laid out like prism-react-renderer's "github" theme but
 * darkened so every token reaches WCAG AA contrast (4.5:1) on the code background
 * #f6f8fa; axe checks it on every page.
 */
const prismTheme: PrismTheme = {
  plain: {color: '#393A34', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#5c6370', fontStyle: 'italic'}},
    {types: ['string', 'attr-value'], style: {color: '#b3124f'}},
    {types: ['punctuation', 'operator'], style: {color: '#393A34'}},
    {
      types: [
        'entity',
        'url',
        'symbol',
        'number',
        'boolean',
        'variable',
        'constant',
        'property',
        'regex',
        'inserted',
      ],
      style: {color: '#00676b'},
    },
    {types: ['atrule', 'keyword', 'attr-name', 'selector'], style: {color: '#0b6fa4'}},
    {types: ['function', 'deleted', 'tag'], style: {color: '#b31d28'}},
    {types: ['function-variable'], style: {color: '#6f42c1'}},
    {types: ['tag', 'selector', 'keyword'], style: {color: '#00009f'}},
  ],
};

export default prismTheme;
