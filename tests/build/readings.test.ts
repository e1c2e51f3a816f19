/**
 * Readings on the built pages (issue 31): the references show each reading the documents mark in
 * one form, in the HTML the server sends, and /docs/intro lists every one, each entry linking to
 * the places that show it and each place linking back to its entry. (site-output.test.ts checks
 * that every link and anchor of the site resolves.)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {documentReadings} from '../../plugins/api-reference/readings';
import {asyncapi, openapi} from '../unit/guides/documents';
import type {Json} from '../../plugins/api-reference/document';
import {productBuild} from '../helpers/productBuild';

const BUILD = productBuild();
const html = (route: string): string => readFileSync(path.join(BUILD, `${route}.html`), 'utf8');

const ids = [
  ...new Set(
    [...documentReadings(openapi as Json), ...documentReadings(asyncapi as Json)].map(({mark}) => mark.id),
  ),
];

describe('readings on the built pages', () => {
  const intro = html('docs/intro');
  const references = html('rest') + html('docs/ws');

  it('the intro page lists every reading once, under "What the specification leaves open"', () => {
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(intro).toMatch(/<h2[^>]*id="what-the-specification-leaves-open"/);
    const listed = [...intro.matchAll(/<li[^>]* id="reading-([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(ids);
  });

  it('each entry links to the reference places that show it, and each place back to the entry', () => {
    for (const id of ids) {
      const entry = new RegExp(`<li[^>]* id="reading-${id}"[^>]*>([\\s\\S]*?)</li>`).exec(intro)?.[1] ?? '';
      expect(entry, id).toMatch(/href="\/(rest|docs\/ws)(#[^"]+)?"/);
      expect(references, id).toContain(`data-reading="${id}"><strong>Reading:</strong> `);
      expect(references, id).toContain(`href="/docs/intro#reading-${id}"`);
    }
  });
});
