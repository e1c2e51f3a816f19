import {describe, expect, it} from 'vitest';
import {fold} from '../../../plugins/search-index/client/fold';
import {
  atomQueryTerms,
  indexTerms,
  isIdentifier,
  normalize,
  runsOf,
  termsOfRun,
  wholeQueryTerms,
} from '../../../plugins/search-index/client/tokens';

describe('runsOf', () => {
  it('strips quotes, brackets and trailing punctuation around identifiers', () => {
    expect(runsOf('See (`/api/orders/bulk`), then `counter_leg_precision`.')).toEqual([
      'See',
      '/api/orders/bulk',
      'then',
      'counter_leg_precision',
    ]);
  });

  it('keeps closing braces and brackets that belong to the identifier', () => {
    expect(runsOf('GET /api/orders/bulk/{bulk_order_id}: orders[]')).toEqual([
      'GET',
      '/api/orders/bulk/{bulk_order_id}',
      'orders[]',
    ]);
  });
});

describe('termsOfRun: identifiers are whole terms, their segments and their words', () => {
  it('splits a path into the whole path, segments and atoms', () => {
    expect(termsOfRun('/api/orders/bulk/{bulk_order_id}')).toEqual([
      '/api/orders/bulk/{bulk_order_id}',
      'api',
      'orders',
      'bulk',
      'bulk_order_id',
      'order',
      'id',
    ]);
  });

  it('keeps snake_case whole and splits it', () => {
    expect(termsOfRun('counter_leg_precision')).toEqual([
      'counter_leg_precision',
      'counter',
      'leg',
      'precision',
    ]);
  });

  it('splits camelCase and PascalCase codes, acronyms included', () => {
    expect(termsOfRun('AmountTooAccurate')).toEqual(['amounttooaccurate', 'amount', 'too', 'accurate']);
    expect(termsOfRun('getBulkOrder')).toEqual(['getbulkorder', 'get', 'bulk', 'order']);
    expect(termsOfRun('ERROR_DUPLICATE')).toEqual(['error_duplicate', 'error', 'duplicate']);
    expect(termsOfRun('JSONWebToken')).toEqual(['jsonwebtoken', 'json', 'web', 'token']);
  });

  it('splits dotted field paths into their field names', () => {
    const terms = termsOfRun('createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision');
    expect(terms[0]).toBe('createbulkorder.request.new_bulk_order.orders[].counter_leg_precision');
    expect(terms).toEqual(
      expect.arrayContaining(['createbulkorder', 'new_bulk_order', 'counter_leg_precision', 'leg']),
    );
  });

  it('drops single characters and keeps plain words as they are', () => {
    expect(termsOfRun('a')).toEqual([]);
    expect(termsOfRun('Orders')).toEqual(['orders']);
    expect(indexTerms('A bulk order: BTC-EUR')).toEqual(['bulk', 'order', 'btc-eur', 'btc', 'eur']);
  });
});

describe('query terms', () => {
  it('takes each run whole for the exact pass', () => {
    expect(wholeQueryTerms('  POST /api/orders/bulk ')).toEqual(['post', '/api/orders/bulk']);
    expect(wholeQueryTerms('counter_leg_precision')).toEqual(['counter_leg_precision']);
  });

  it('takes the words inside identifiers for the loose pass', () => {
    expect(atomQueryTerms('counter_leg_precision')).toEqual(['counter', 'leg', 'precision']);
    expect(atomQueryTerms('AmountTooAccurate /api/orders')).toEqual([
      'amount',
      'too',
      'accurate',
      'api',
      'orders',
    ]);
  });

  it('tells identifiers from words', () => {
    expect(isIdentifier('settlement')).toBe(false);
    expect(isIdentifier('counter_leg')).toBe(true);
    expect(isIdentifier('/api')).toBe(true);
    expect(isIdentifier('AmountTooAccurate')).toBe(true);
  });

  it('normalizes for comparison', () => {
    expect(normalize('  `AmountTooAccurate`  ')).toBe('amounttooaccurate');
    expect(normalize('POST   /api/orders/bulk')).toBe('post /api/orders/bulk');
  });
});

describe('fold', () => {
  it('lower-cases and removes accents, composed or written as combining marks', () => {
    expect(fold('Société Générale')).toBe('societe generale');
    expect(fold('Socie\u0301te\u0301')).toBe('societe');
    expect(fold('ÅNGSTRÖM')).toBe('angstrom');
    // Letters not written with a mark stay.
    expect(fold('Straße Ørsted')).toBe('straße ørsted');
  });

  it('indexes an accented word as one term, folded, however it was written', () => {
    expect(indexTerms('Société Générale')).toEqual(['societe', 'generale']);
    expect(indexTerms('Socie\u0301te\u0301')).toEqual(['societe']);
    expect(wholeQueryTerms('Société')).toEqual(['societe']);
    expect(normalize(' "Générale" ')).toBe('generale');
  });
});
