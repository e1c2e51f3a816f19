/**
 * The page side of a panel: a run that takes too long is stopped by terminating
 * its worker and answered with a refusal; the next run gets a fresh worker; when
 * no worker can start, validation runs on the page. The Worker is a stand-in
 * (Node has no DOM workers); the real one is exercised by tests/e2e/validator.spec.ts.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {FromWorker, ToWorker} from '../../../src/components/ApiReference/Validator/protocol';

vi.mock('../../../src/components/ApiReference/Validator/load', () => ({
  loadValidator: vi.fn(async (file: string) =>
    file === 'rest-missing.js'
      ? {ok: false, reason: 'no validator was generated for this payload'}
      : {ok: true, validate: Object.assign((data: unknown) => data === 1, {errors: []})},
  ),
}));

type Behaviour = 'answers' | 'hangs' | 'fails-to-start' | 'throws';

class FakeWorker {
  static behaviour: Behaviour = 'answers';
  static created: FakeWorker[] = [];
  terminated = false;
  private readonly listeners: Record<string, Array<(event: unknown) => void>> = {message: [], error: []};

  constructor(
    readonly url: URL,
    readonly options: {name?: string},
  ) {
    if (FakeWorker.behaviour === 'throws') throw new DOMException('blocked by policy', 'SecurityError');
    FakeWorker.created.push(this);
    if (FakeWorker.behaviour === 'fails-to-start') {
      setTimeout(() => this.emit('error', {preventDefault: () => undefined}), 0);
    }
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners[type]?.push(listener);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners[type] = (this.listeners[type] ?? []).filter((item) => item !== listener);
  }

  postMessage(message: ToWorker): void {
    if (FakeWorker.behaviour === 'fails-to-start') return;
    setTimeout(() => {
      if (this.terminated) return;
      if (message.type === 'load') this.reply({type: 'loaded', status: {ok: true}});
      else if (FakeWorker.behaviour === 'answers') {
        this.reply({type: 'result', id: message.id, outcome: {kind: 'valid'}, elapsedMs: 1});
      }
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  private reply(data: FromWorker): void {
    this.emit('message', {data});
  }

  private emit(type: string, event: unknown): void {
    for (const listener of [...(this.listeners[type] ?? [])]) listener(event);
  }
}

describe('ValidatorSession', () => {
  beforeEach(() => {
    FakeWorker.created = [];
    FakeWorker.behaviour = 'answers';
    vi.stubGlobal('Worker', FakeWorker);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('validates in a worker that it starts once', async () => {
    const {ValidatorSession} = await import('../../../src/components/ApiReference/Validator/session');
    const session = new ValidatorSession('rest-createBulkOrder.js', 1000);
    expect(await session.load()).toEqual({ok: true});
    const run = await session.validate('{}');
    expect(run).toMatchObject({outcome: {kind: 'valid'}, where: 'worker'});
    await session.validate('{}');
    expect(FakeWorker.created).toHaveLength(1);
    expect(FakeWorker.created[0]?.url.pathname).toMatch(/worker\.ts$/);
  });

  it('stops a run that takes too long, says so, and starts a fresh worker next time', async () => {
    FakeWorker.behaviour = 'hangs';
    const {ValidatorSession} = await import('../../../src/components/ApiReference/Validator/session');
    const session = new ValidatorSession('rest-createBulkOrder.js', 50);
    const started = Date.now();
    const run = await session.validate('{}');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(run.outcome).toEqual({
      kind: 'refused',
      reason:
        'Checking this payload took longer than 0.05 seconds, so it was stopped. Try a smaller payload.',
    });
    expect(FakeWorker.created[0]?.terminated).toBe(true);
    FakeWorker.behaviour = 'answers';
    expect((await session.validate('{}')).outcome).toEqual({kind: 'valid'});
    expect(FakeWorker.created).toHaveLength(2);
  });

  for (const behaviour of ['throws', 'fails-to-start'] as const) {
    it(`validates on the page when the worker ${behaviour === 'throws' ? 'cannot be created' : 'fails to start'}`, async () => {
      FakeWorker.behaviour = behaviour;
      const {ValidatorSession} = await import('../../../src/components/ApiReference/Validator/session');
      const session = new ValidatorSession('rest-createBulkOrder.js', 1000);
      expect(await session.validate('1')).toMatchObject({outcome: {kind: 'valid'}, where: 'page'});
      expect(await session.validate('2')).toMatchObject({
        outcome: {kind: 'invalid', total: 0},
        where: 'page',
      });
      expect(await session.validate('{"a": }')).toMatchObject({
        outcome: {kind: 'syntax', line: 1, column: 7},
      });
    });
  }

  it('reports a missing validator as unavailable', async () => {
    FakeWorker.behaviour = 'throws';
    const {ValidatorSession} = await import('../../../src/components/ApiReference/Validator/session');
    const session = new ValidatorSession('rest-missing.js', 1000);
    expect(await session.load()).toEqual({ok: false, reason: 'no validator was generated for this payload'});
    expect((await session.validate('{}')).outcome).toEqual({
      kind: 'unavailable',
      reason: 'no validator was generated for this payload',
    });
  });
});
