/**
 * Lighthouse is the benchmark's alone: a package of its own (scripts/bench/lighthouse/), installed by
 * `npm run bench` on its first run, and absent from the project's install.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIGHTHOUSE_DIR, LIGHTHOUSE_PACKAGE} from '../../../scripts/bench/lighthouse';
import {ROOT} from '../../helpers/scripts';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
}
interface Lock {
  packages: Record<string, Manifest & {version?: string}>;
}

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

describe("the benchmark's Lighthouse", () => {
  const manifest = read<Manifest>(path.join(LIGHTHOUSE_PACKAGE, 'package.json'));
  const lock = read<Lock>(path.join(LIGHTHOUSE_PACKAGE, 'package-lock.json'));

  it('is pinned, and its lockfile was made from its manifest (npm ci would refuse it otherwise)', () => {
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['chrome-launcher', 'lighthouse']);
    for (const version of Object.values(manifest.dependencies ?? {}))
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
    for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
    // The trace engine's `latest` dependencies, held where the overrides put them.
    expect(lock.packages['node_modules/@paulirish/trace_engine/node_modules/third-party-web']?.version).toBe(
      '0.30.0',
    );
  });

  it('is not in the project install, and installs under node_modules, out of what reads scripts/', () => {
    const project = read<Manifest>(path.join(ROOT, 'package.json'));
    const named = {...project.dependencies, ...project.devDependencies};
    expect(named).not.toHaveProperty('lighthouse');
    expect(named).not.toHaveProperty('chrome-launcher');
    const projectLock = read<Lock>(path.join(ROOT, 'package-lock.json'));
    expect(projectLock.packages).not.toHaveProperty('node_modules/lighthouse');
    expect(path.relative(ROOT, LIGHTHOUSE_DIR)).toBe(path.join('node_modules', '.cache', 'bench-lighthouse'));
  });
});
