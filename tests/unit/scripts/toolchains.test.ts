/**
 * The sample tier's toolchains (scripts/samples/toolchains.ts): every language the site shows a
 * sample in, JavaScript aside (it runs on the tests' own Node), has a toolchain, so a new language
 * cannot be shown without its samples being run; a probe tells a usable toolchain from a missing
 * one without throwing; and the install command a newcomer is shown names each package once.
 */
import {describe, expect, it} from 'vitest';
import {SAMPLE_LANGUAGES} from '../../../plugins/api-reference/client/sampleLanguages';
import {
  available,
  installCommand,
  PYTHON,
  TOOLCHAINS,
  type Toolchain,
} from '../../../scripts/samples/toolchains';

describe('the toolchains', () => {
  it('cover every sample language but JavaScript, and the PGP guide', () => {
    const shown = SAMPLE_LANGUAGES.map((info) => info.language).filter(
      (language) => language !== 'javascript',
    );
    expect(TOOLCHAINS.map((t) => t.name).sort()).toEqual([...shown, 'gpg'].sort());
  });

  it('each come from Debian packages and have a probe', () => {
    for (const toolchain of TOOLCHAINS) {
      expect(toolchain.packages.length, toolchain.name).toBeGreaterThan(0);
      for (const name of toolchain.packages) expect(name, toolchain.name).toMatch(/^[a-z0-9][a-z0-9.+-]+$/);
      expect(toolchain.probe[0], toolchain.name).not.toBe('');
    }
  });

  it("run Python samples on Debian's own Python, which has requests and websocket-client", () => {
    const python = TOOLCHAINS.find((t) => t.name === 'python');
    expect(python?.probe[0]).toBe(PYTHON);
    expect(python?.probe.join(' ')).toContain('import requests, websocket');
    expect(python?.packages).toEqual(expect.arrayContaining(['python3-requests', 'python3-websocket']));
  });
});

describe('available', () => {
  const probe = (command: string, ...args: string[]): Toolchain => ({
    name: 'curl',
    packages: ['curl'],
    probe: [command, ...args],
  });

  it('is true when the probe succeeds', () => {
    expect(available(probe(process.execPath, '--version'))).toBe(true);
  });

  it('is false when the probe fails', () => {
    expect(available(probe(process.execPath, '-e', 'process.exit(3)'))).toBe(false);
  });

  it('is false, without throwing, when the command is not installed', () => {
    expect(available(probe('no-such-toolchain-here-9f2c'))).toBe(false);
  });
});

describe('installCommand', () => {
  it('installs every package of the missing toolchains once, without recommends', () => {
    const python = TOOLCHAINS.find((t) => t.name === 'python');
    const go = TOOLCHAINS.find((t) => t.name === 'go');
    if (!python || !go) throw new Error('python and go toolchains expected');
    const command = installCommand([python, go, python]);
    expect(command).toBe(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends python3 python3-requests python3-websocket golang-go',
    );
  });

  it('lists every package when everything is missing', () => {
    const command = installCommand(TOOLCHAINS);
    for (const name of TOOLCHAINS.flatMap((t) => t.packages)) expect(command.split(' ')).toContain(name);
  });
});
