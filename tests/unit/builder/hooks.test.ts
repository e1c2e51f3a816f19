/**
 * What the request builder tells a reader about a body (src/components/ApiReference/RequestBuilder/hooks.ts):
 * each outcome of the payload validator's worker becomes the problems listed above the code.
 */
import {describe, expect, it} from 'vitest';
import {bodyProblems} from '../../../src/components/ApiReference/RequestBuilder/hooks';

describe('bodyProblems', () => {
  it('says nothing before the worker has answered, nor for a valid or empty body', () => {
    expect(bodyProblems(null, 'body')).toEqual([]);
    expect(bodyProblems({kind: 'valid'}, 'body')).toEqual([]);
    expect(bodyProblems({kind: 'empty'}, 'body')).toEqual([]);
    expect(bodyProblems({kind: 'unavailable', reason: 'no schema'}, 'body')).toEqual([]);
  });

  it('names the line and column of a JSON syntax error', () => {
    expect(
      bodyProblems({kind: 'syntax', message: 'Unexpected token', line: 3, column: 7}, 'message'),
    ).toEqual([{field: 'message', message: 'is not valid JSON: Unexpected token (line 3, column 7)'}]);
  });

  it('passes a refusal or a failure on as it is worded', () => {
    expect(bodyProblems({kind: 'refused', reason: 'too deep'}, 'body')).toEqual([
      {field: 'body', message: 'too deep'},
    ]);
    expect(bodyProblems({kind: 'failed', reason: 'stopped'}, 'body')).toEqual([
      {field: 'body', message: 'stopped'},
    ]);
  });

  it('lists each schema error at its field, the whole body under the label, with the value shown', () => {
    const problems = bodyProblems(
      {
        kind: 'invalid',
        total: 2,
        errors: [
          {pointer: '/qty', message: 'must be at least 1', value: '0', keyword: 'minimum', details: []},
          {pointer: '', message: 'must have property "side"', value: null, keyword: 'required', details: []},
        ],
      },
      'body',
    );
    expect(problems).toEqual([
      {field: '/qty', message: 'must be at least 1 (value: 0)'},
      {field: 'body', message: 'must have property "side"'},
    ]);
  });
});
