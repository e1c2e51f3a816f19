/**
 * The PGP guide's commands (docs/pgp_encryption.mdx) run in order with Debian's
 * GnuPG, in throw-away keyrings made for the test: one for the reader, who runs
 * the guide's commands as written, and one for the provider, who sends its key,
 * a signed and encrypted reply and a signed document. What one side signs and
 * encrypts, the other decrypts and verifies.
 *
 * Only the guide's placeholder `<provider-fingerprint>` is filled in, as a
 * reader does. GnuPG's questions (the passphrase, "Really sign?") are answered
 * by each keyring's gpg.conf (`batch`, `yes`, loopback pinentry with a test
 * passphrase), as a reader would answer them at the terminal.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {TOOLCHAINS, available} from '../../scripts/samples/toolchains';
import {fences, guideFiles, metaValue} from '../unit/guides/mdx';
import {failure, run} from './run';

const gpg = TOOLCHAINS.find((t) => t.name === 'gpg');
const hasGpg = gpg !== undefined && available(gpg);
const guide = guideFiles().find((g) => g.id === 'pgp_encryption');
if (guide === undefined) throw new Error('docs/pgp_encryption.mdx is missing');

/** The guide's shell commands in order: continuation lines joined, one entry per command. */
const commands = fences(guide.source)
  .filter((f) => f.lang === 'bash')
  .flatMap((f) =>
    f.code
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((command) => ({command, title: metaValue(f.meta, 'title') ?? '', line: f.line})),
  );
/** The message the guide has the reader write. */
const addresses = fences(guide.source).find((f) => metaValue(f.meta, 'title') === 'addresses.txt');

// Short paths: gpg-agent's socket path must stay under the kernel's limit.
const root = mkdtempSync(path.join(tmpdir(), 'pgp-'));
const reader = {home: path.join(root, 'r'), work: path.join(root, 'rw')};
const provider = {home: path.join(root, 'p'), work: path.join(root, 'pw')};
const PROVIDER_UID = 'Provider Settlement Desk <settlement@provider.test>';

function keyring(home: string): void {
  execFileSync('mkdir', ['-m', '700', '-p', home]);
  writeFileSync(
    path.join(home, 'gpg.conf'),
    'batch\nyes\npinentry-mode loopback\npassphrase sample-tier-only\n',
  );
}

function gpgAs(who: {home: string; work: string}, args: string[], input?: string): string {
  return execFileSync('gpg', args, {
    cwd: who.work,
    env: {...process.env, GNUPGHOME: who.home},
    encoding: 'utf8',
    ...(input !== undefined ? {input} : {}),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

afterAll(() => {
  if (hasGpg)
    for (const home of [reader.home, provider.home])
      execFileSync('gpgconf', ['--kill', 'gpg-agent'], {env: {...process.env, GNUPGHOME: home}});
  rmSync(root, {recursive: true, force: true});
});

describe('the PGP guide', () => {
  it('has the commands the test runs: generate, export, import, certify, sign and encrypt, decrypt, verify', () => {
    expect(commands.map((c) => c.command.split(' ').slice(0, 2).join(' '))).toEqual([
      'gpg --quick-generate-key',
      'gpg --fingerprint',
      'gpg --armor',
      'gpg --import',
      'gpg --fingerprint',
      'gpg --lsign-key',
      'gpg --armor',
      'gpg --decrypt',
      'gpg --verify',
    ]);
    expect(addresses).toBeDefined();
  });

  it.skipIf(!hasGpg)("runs in order in the reader's keyring, against a provider's keyring", async () => {
    if (!hasGpg) console.log('PGP guide skipped: gpg (Debian package gnupg) is missing');
    for (const who of [reader, provider]) {
      keyring(who.home);
      execFileSync('mkdir', ['-p', who.work]);
    }
    // The provider's side, which the guide does not show: its key pair and public key file.
    gpgAs(provider, ['--quick-generate-key', PROVIDER_UID, 'default', 'default', '1y']);
    const fingerprint =
      /^fpr:+([0-9A-F]{40}):/m.exec(
        gpgAs(provider, ['--with-colons', '--fingerprint', 'settlement@provider.test']),
      )?.[1] ?? '';
    expect(fingerprint).toMatch(/^[0-9A-F]{40}$/);
    writeFileSync(
      path.join(reader.work, 'provider-public-key.asc'),
      gpgAs(provider, ['--armor', '--export', fingerprint]),
    );
    writeFileSync(path.join(reader.work, 'addresses.txt'), addresses?.code ?? '');

    /** Before a command that reads a file the provider sends, the provider makes it. */
    const providerSends: Record<string, () => void> = {
      'reply.txt.asc': () => {
        gpgAs(provider, ['--import', path.join(reader.work, 'your-company-public-key.asc')]);
        gpgAs(provider, ['--quick-lsign-key', readerFingerprint()]);
        writeFileSync(path.join(provider.work, 'reply.txt'), 'Whitelisted: both addresses.\n');
        gpgAs(provider, [
          '--armor',
          '--sign',
          '--encrypt',
          '--local-user',
          fingerprint,
          '--recipient',
          'treasury@your-domain',
          '--output',
          path.join(reader.work, 'reply.txt.asc'),
          'reply.txt',
        ]);
      },
      'document.pdf.sig': () => {
        writeFileSync(path.join(reader.work, 'document.pdf'), '%PDF-1.4 test document\n');
        gpgAs(provider, [
          '--local-user',
          fingerprint,
          '--detach-sign',
          '--output',
          path.join(reader.work, 'document.pdf.sig'),
          path.join(reader.work, 'document.pdf'),
        ]);
      },
    };
    const readerFingerprint = (): string =>
      /^fpr:+([0-9A-F]{40}):/m.exec(
        gpgAs(reader, ['--with-colons', '--fingerprint', 'treasury@your-domain']),
      )?.[1] ?? '';

    const outputs: string[] = [];
    for (const {command, title, line} of commands) {
      for (const [file, make] of Object.entries(providerSends)) if (command.includes(file)) make();
      const runnable = command.split('<provider-fingerprint>').join(fingerprint);
      const outcome = await run('sh', ['-c', runnable], {cwd: reader.work, env: {GNUPGHOME: reader.home}});
      if (outcome.code !== 0)
        throw new Error(
          failure(
            'shell (gpg)',
            `pgp_encryption.mdx:${line} "${title}"`,
            runnable,
            `exit ${String(outcome.code)}: ${outcome.stderr}`,
          ),
        );
      outputs.push(outcome.stdout + outcome.stderr);
    }

    // The provider decrypts what the reader signed and encrypted, and sees the reader's good signature.
    const verified = await run('gpg', ['--decrypt', path.join(reader.work, 'addresses.txt.asc')], {
      env: {GNUPGHOME: provider.home},
    });
    expect(verified.stdout).toBe(addresses?.code);
    expect(verified.stderr).toMatch(/Good signature from "Your Company Treasury <treasury@your-domain>"/);
    // The reader decrypted the provider's reply and saw its good signature, and verified the document.
    expect(readFileSync(path.join(reader.work, 'reply.txt'), 'utf8')).toBe('Whitelisted: both addresses.\n');
    const decryptOutput = outputs[commands.findIndex((c) => c.command.startsWith('gpg --decrypt'))] ?? '';
    expect(decryptOutput).toContain(`Good signature from "${PROVIDER_UID}"`);
    const verifyOutput = outputs[commands.findIndex((c) => c.command.startsWith('gpg --verify'))] ?? '';
    expect(verifyOutput).toContain(`Good signature from "${PROVIDER_UID}"`);
    // And the check can fail: a changed document no longer verifies.
    writeFileSync(path.join(reader.work, 'document.pdf'), '%PDF-1.4 changed\n');
    const tampered = await run('sh', ['-c', commands.at(-1)?.command ?? ''], {
      cwd: reader.work,
      env: {GNUPGHOME: reader.home},
    });
    expect(tampered.code).not.toBe(0);
    expect(tampered.stderr).toContain('BAD signature');
  });
});
