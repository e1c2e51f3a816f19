/**
 * Schema keywords in the diff: each keyword step (a step of `multipleOf`, unique items, closed
 * objects, a list of allowed values appearing, limits, patterns and formats, types, defaults,
 * boolean schemas, alternatives, `allOf` parts) read on one field that a request and a response
 * share, so every change is exactly two lines: one for the side that sends the field and one for
 * the side that receives it, each with its own verdict and sentence.
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments, type Change} from '../../../../plugins/releases/diff';
import {itemAt} from '../../../../plugins/releases/changes/schema';

type Json = Record<string, unknown>;

/** `POST /api/orders` takes an Order and answers with one; the Order's field `qty` is the schema under test. */
function orders(qty: unknown, schemas: Json = {}): Json {
  const order = {$ref: '#/components/schemas/Order'};
  return {
    openapi: '3.1.0',
    info: {title: 'Trading API', version: '1.0.0'},
    paths: {
      '/api/orders': {
        post: {
          operationId: 'createOrder',
          requestBody: {required: true, content: {'application/json': {schema: order}}},
          responses: {'200': {description: 'Placed.', content: {'application/json': {schema: order}}}},
        },
      },
    },
    components: {schemas: {Order: {type: 'object', properties: {qty}}, ...schemas}},
  };
}

/** The lines two versions of `qty` make, each as [direction, rule, verdict, text]. */
function linesOf(before: unknown, after: unknown, schemas: {before?: Json; after?: Json} = {}): string[][] {
  const changes: Change[] = diffDocuments(
    'rest',
    orders(before, schemas.before),
    orders(after, schemas.after),
    {
      asOf: '2026-06-01',
    },
  );
  return changes.map((c) => [c.direction, c.rule, c.verdict, c.text]);
}

const SENT = 'Request body field `qty`';
const RECEIVED = 'Field `qty` of the 200 response';

/** The two lines of a narrowing: refused where sent, within the previous rules where received. */
const narrowed = (detail: string): string[][] => [
  [
    'send',
    'constraint-narrowed',
    'breaking',
    `${SENT}: ${detail}. Requests that were valid before may now be refused.`,
  ],
  [
    'receive',
    'constraint-narrowed',
    'compatible',
    `${RECEIVED}: ${detail}. What you receive stays within the previous rules.`,
  ],
];

/** The two lines of a widening: more accepted where sent, breaking where received. */
const widened = (detail: string): string[][] => [
  ['send', 'constraint-widened', 'compatible', `${SENT}: ${detail}. More values are accepted.`],
  [
    'receive',
    'constraint-widened',
    'breaking',
    `${RECEIVED}: ${detail}. Clients must accept values outside the previous rules.`,
  ],
];

/** The two lines of a rule replaced by another: breaking on both sides. */
const replaced = (detail: string): string[][] => [
  [
    'send',
    'constraint-changed',
    'breaking',
    `${SENT}: ${detail}. Requests that were valid before may now be refused.`,
  ],
  [
    'receive',
    'constraint-changed',
    'breaking',
    `${RECEIVED}: ${detail}. Clients must accept the new values.`,
  ],
];

const number = (extra: Json = {}): Json => ({type: 'number', ...extra});

describe('schema keywords: the step of a number (multipleOf)', () => {
  const cases: Array<[string, Json, Json, string[][]]> = [
    ['a step added narrows', number(), number({multipleOf: 0.5}), narrowed('step of 0.5 added')],
    ['a step removed widens', number({multipleOf: 0.5}), number(), widened('step of 0.5 removed')],
    [
      'a step made a multiple of the old one narrows',
      number({multipleOf: 0.5}),
      number({multipleOf: 1}),
      narrowed('step changed from 0.5 to 1'),
    ],
    [
      'a step that divides the old one widens',
      number({multipleOf: 1}),
      number({multipleOf: 0.25}),
      widened('step changed from 1 to 0.25'),
    ],
    [
      'a step neither a multiple nor a divisor of the old one is a rule replaced',
      number({multipleOf: 0.3}),
      number({multipleOf: 0.5}),
      replaced('step changed from 0.3 to 0.5'),
    ],
  ];
  for (const [name, before, after, expected] of cases)
    it(name, () => {
      expect(linesOf(before, after)).toEqual(expected);
    });
});

describe('schema keywords: arrays, objects and allowed values', () => {
  const list = (extra: Json = {}): Json => ({type: 'array', items: {type: 'string'}, ...extra});
  const object = (extra: Json = {}): Json => ({type: 'object', properties: {a: {type: 'string'}}, ...extra});
  const text = (extra: Json = {}): Json => ({type: 'string', ...extra});

  it('unique items required narrows; no longer required widens', () => {
    expect(linesOf(list(), list({uniqueItems: true}))).toEqual(narrowed('items must now be unique'));
    expect(linesOf(list({uniqueItems: true}), list())).toEqual(widened('items no longer need to be unique'));
  });

  it('an object closed to other fields narrows; opened again widens', () => {
    expect(linesOf(object(), object({additionalProperties: false}))).toEqual(
      narrowed('fields other than the listed ones are no longer allowed'),
    );
    expect(linesOf(object({additionalProperties: false}), object())).toEqual(
      widened('other fields are now allowed'),
    );
  });

  it('a list of allowed values (or a fixed value) appearing narrows; going away widens', () => {
    expect(linesOf(text(), text({enum: ['1', '10']}))).toEqual(narrowed('now limited to `1`, `10`'));
    expect(linesOf(text(), text({const: '1'}))).toEqual(narrowed('now limited to `1`'));
    expect(linesOf(text({enum: ['1', '10']}), text())).toEqual(widened('no longer limited to `1`, `10`'));
  });

  it('limits added and removed, and a pattern or format set, replaced or dropped', () => {
    expect(linesOf(number(), number({minimum: 1}))).toEqual(narrowed('minimum of 1 added'));
    expect(linesOf(list({maxItems: 10}), list())).toEqual(widened('maximum number of items of 10 removed'));
    expect(linesOf(text({pattern: '^[0-9]+$'}), text({pattern: '^[0-9.]+$'}))).toEqual(
      replaced('pattern changed from `^[0-9]+$` to `^[0-9.]+$`'),
    );
    expect(linesOf(text(), text({format: 'decimal'}))).toEqual(narrowed('format of `decimal` added'));
    expect(linesOf(text({format: 'decimal'}), text())).toEqual(widened('format of `decimal` removed'));
  });

  it('a lower limit raised narrows and lowered widens; an upper limit the other way round', () => {
    expect(linesOf(number({minimum: 1}), number({minimum: 5}))).toEqual(
      narrowed('minimum raised from 1 to 5'),
    );
    expect(linesOf(text({minLength: 3}), text({minLength: 1}))).toEqual(
      widened('minimum length lowered from 3 to 1'),
    );
    expect(linesOf(list({maxItems: 10}), list({maxItems: 20}))).toEqual(
      widened('maximum number of items raised from 10 to 20'),
    );
  });

  it('a limit that is not a number (an OpenAPI 3.0 boolean exclusiveMinimum) is a rule replaced, named by its values', () => {
    expect(
      linesOf(number({minimum: 0, exclusiveMinimum: true}), number({minimum: 0, exclusiveMinimum: false})),
    ).toEqual(replaced('exclusive minimum changed from `true` to `false`'));
  });
});

describe('schema keywords: types', () => {
  it('null allowed (a type list, or OpenAPI 3.0 nullable) widens; a type dropped allows any; a type set narrows', () => {
    const nullable = widened('type changed from `string` to `null` or `string`');
    expect(linesOf({type: 'string'}, {type: ['string', 'null']})).toEqual(nullable);
    expect(linesOf({type: 'string'}, {type: 'string', nullable: true})).toEqual(nullable);
    expect(linesOf({type: 'string'}, {})).toEqual(widened('type changed from `string` to any'));
    expect(linesOf({}, {type: 'string'})).toEqual(narrowed('type changed from any to `string`'));
  });

  it('a number made an integer narrows; an integer made a number widens', () => {
    expect(linesOf({type: 'number'}, {type: 'integer'})).toEqual(
      narrowed('type changed from `number` to `integer`'),
    );
    expect(linesOf({type: 'integer'}, {type: 'number'})).toEqual(
      widened('type changed from `integer` to `number`'),
    );
  });

  it('a titled type keeps its title on the side it was written, and the new type is named by its JSON type when the title stays', () => {
    expect(linesOf({title: 'Quantity', type: 'string'}, {title: 'Quantity', type: 'boolean'})).toEqual(
      replaced('type changed from Quantity (`string`) to `boolean`'),
    );
  });
});

describe('schema keywords: a type and its title changed together', () => {
  it('names the new type by its new title, and the title change is its own documentation line', () => {
    const detail = 'type changed from Quantity (`string`) to Lots (`integer`)';
    expect(linesOf({title: 'Quantity', type: 'string'}, {title: 'Lots', type: 'integer'})).toEqual([
      [
        'send',
        'constraint-changed',
        'breaking',
        `${SENT}: ${detail}. Requests that were valid before may now be refused.`,
      ],
      ['send', 'description-changed', 'docs', `${SENT}: title reworded.`],
      [
        'receive',
        'constraint-changed',
        'breaking',
        `${RECEIVED}: ${detail}. Clients must accept the new values.`,
      ],
      ['receive', 'description-changed', 'docs', `${RECEIVED}: title reworded.`],
    ]);
  });
});

describe('schema keywords: a deprecated field removed', () => {
  it('after its sunset, an announced removal on each side, in the words of that side', () => {
    const orderWith = (properties: Json): Json => ({Order: {type: 'object', properties}});
    const deprecated = {qty: {type: 'number', deprecated: true, 'x-sunset': '2026-01-31'}};
    expect(linesOf(undefined, undefined, {before: orderWith(deprecated), after: orderWith({})})).toEqual([
      [
        'send',
        'removed-as-announced',
        'announced',
        `${SENT} removed as announced (sunset 2026-01-31): requests that still use it may now be refused.`,
      ],
      [
        'receive',
        'removed-as-announced',
        'announced',
        `${RECEIVED} removed as announced (sunset 2026-01-31): clients that read it will no longer find it.`,
      ],
    ]);
  });
});

describe('schema keywords: defaults', () => {
  it('a default documented for the first time: what requests now get, and what responses document', () => {
    expect(linesOf(number(), number({default: 1}))).toEqual([
      [
        'send',
        'default-changed',
        'behaviour',
        'Requests that leave out request body field `qty` now get `1` (no default was documented).',
      ],
      [
        'receive',
        'default-changed',
        'compatible',
        `${RECEIVED}: the documented default is now \`1\` (was none).`,
      ],
    ]);
  });

  it('a default no longer documented: check what requests that leave it out get', () => {
    expect(linesOf(number({default: 1}), number())).toEqual([
      [
        'send',
        'default-changed',
        'behaviour',
        `${SENT}: the default \`1\` is no longer documented: check what requests that leave it out get.`,
      ],
      [
        'receive',
        'default-changed',
        'compatible',
        `${RECEIVED}: the documented default is now none (was \`1\`).`,
      ],
    ]);
  });
});

describe('schema keywords: boolean schemas', () => {
  it('a field that allowed anything allowing nothing narrows; a typed field allowing anything widens', () => {
    expect(linesOf(true, false)).toEqual(narrowed('no value is allowed any more'));
    expect(linesOf({type: 'string'}, true)).toEqual(widened('any value is now allowed'));
  });

  it('a field that allowed nothing given a schema widens to what the schema describes, and no further', () => {
    expect(linesOf(false, {type: 'string'})).toEqual(
      widened('values the schema describes are now allowed, where none were'),
    );
  });

  it('a field that allowed anything given a schema narrows', () => {
    expect(linesOf(true, {type: 'string'})).toEqual(
      narrowed('values are now limited to what the schema describes, where any was allowed'),
    );
  });
});

describe('schema keywords: alternatives', () => {
  const kinds = {
    Limit: {type: 'object', properties: {price: {type: 'string'}}},
    Market: {type: 'object', properties: {slippage: {type: 'string'}}},
    Stop: {type: 'object', properties: {trigger: {type: 'string'}}},
  };
  const oneOf = (...names: string[]): Json => ({
    oneOf: names.map((n) => ({$ref: `#/components/schemas/${n}`})),
  });

  it('alternatives named by reference: one added widens, one dropped narrows, each named', () => {
    const schemas = {before: kinds, after: kinds};
    expect(linesOf(oneOf('Limit', 'Market'), oneOf('Limit', 'Market', 'Stop'), schemas)).toEqual(
      widened('a new alternative form (`Stop`) is allowed'),
    );
    expect(linesOf(oneOf('Limit', 'Market'), oneOf('Limit'), schemas)).toEqual(
      narrowed('the alternative form `Market` is no longer allowed'),
    );
  });

  it('an unnamed alternative is named by its place in the list', () => {
    const anyOf = (...types: string[]): Json => ({anyOf: types.map((type) => ({type}))});
    expect(linesOf(anyOf('string', 'number'), anyOf('string'))).toEqual(
      narrowed('the alternative form number 2 is no longer allowed'),
    );
  });

  it('a field made required inside a kept alternative is found at the field, through the alternative', () => {
    const required = {...kinds, Limit: {...kinds.Limit, required: ['price']}};
    expect(
      linesOf(oneOf('Limit', 'Market'), oneOf('Limit', 'Market'), {before: kinds, after: required}),
    ).toEqual([
      [
        'send',
        'field-became-required',
        'breaking',
        'Request body field `qty.price` is now required: requests without it are refused.',
      ],
      [
        'receive',
        'field-became-required',
        'compatible',
        'Field `qty.price` of the 200 response is now always present.',
      ],
    ]);
  });
});

describe('schema keywords: allOf parts', () => {
  it('a part that names itself is read once, and a change to its own fields is still found', () => {
    const node = (extra: Json): Json => ({
      allOf: [{$ref: '#/components/schemas/Node'}],
      type: 'object',
      properties: {id: {type: 'string'}, ...extra},
    });
    expect(
      linesOf(
        {$ref: '#/components/schemas/Node'},
        {$ref: '#/components/schemas/Node'},
        {
          before: {Node: node({})},
          after: {Node: node({tag: {type: 'string'}})},
        },
      ),
    ).toEqual([
      [
        'send',
        'optional-field-added',
        'addition',
        'New optional request body field `qty.tag`: requests may include it.',
      ],
      ['receive', 'optional-field-added', 'addition', 'New optional field `qty.tag` of the 200 response.'],
    ]);
  });

  it('a field several uses reach made optional names each field in one line, and speaks of them in the plural', () => {
    const amount = (required: string[]): Json => ({
      Amount: {type: 'object', properties: {value: {type: 'string'}}, required},
    });
    const pair = {
      type: 'object',
      properties: {bid: {$ref: '#/components/schemas/Amount'}, ask: {$ref: '#/components/schemas/Amount'}},
    };
    const received = linesOf(pair, pair, {before: amount(['value']), after: amount([])}).filter(
      ([direction]) => direction === 'receive',
    );
    expect(received).toEqual([
      [
        'receive',
        'field-became-optional',
        'breaking',
        'Fields `qty.bid.value` and `qty.ask.value` of the 200 response are now optional: they may be absent, so clients must not rely on them.',
      ],
    ]);
  });
});

describe('itemAt: the item at several field paths', () => {
  const place = (what: (field: string) => string): Parameters<typeof itemAt>[0] => ({
    subject: {kind: 'message', key: 'orders/update', label: 'message `update`'},
    direction: 'send',
    what,
    anchors: () => [],
  });

  it('a place that names its field makes the word before it plural', () => {
    expect(
      itemAt(
        place((f) => `field \`${f}\` of the 200 response`),
        ['a', 'b', 'c'],
      ),
    ).toBe('fields `a`, `b` and `c` of the 200 response');
  });

  it('a place that writes the field without backticks lists the fields after its words, and says when there are more', () => {
    const path = place((f) => `the value at ${f}`);
    expect(itemAt(path, ['a', 'b'])).toBe('the value at a (at 2 fields: `a` and `b`)');
    expect(itemAt(path, ['a', 'b'], true)).toBe('the value at a (at 2 fields: `a` and `b` and more)');
  });

  it('a place whose words do not depend on the field is named by those words alone', () => {
    expect(
      itemAt(
        place(() => 'channel parameter `region`'),
        ['a', 'b'],
      ),
    ).toBe('channel parameter `region`');
  });
});
