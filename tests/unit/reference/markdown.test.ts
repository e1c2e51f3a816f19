/**
 * Descriptions rendered to HTML at build time (plugins/api-reference/markdown.ts): headings pushed
 * below the section they sit in, raw HTML escaped, and the same rendering whether a description is
 * met for the first time or again (the renderer keeps what it has rendered).
 */
import {describe, expect, it} from 'vitest';
import {markdown} from '../../../plugins/api-reference/markdown';

describe('markdown', () => {
  it("pushes a description's headings below its section, by the level it is met at each time", () => {
    const source = '# Connecting\n\nOpen the socket.';
    expect(markdown(source, 2)).toBe('<h3>Connecting</h3>\n<p>Open the socket.</p>');
    // The same source met again under a deeper section: its own level, not the first one's.
    expect(markdown(source, 4)).toBe('<h5>Connecting</h5>\n<p>Open the socket.</p>');
    expect(markdown(source, 2)).toBe('<h3>Connecting</h3>\n<p>Open the socket.</p>');
  });

  it('renders GFM tables and escapes raw HTML, again and again alike', () => {
    const source = '| a | b |\n| - | - |\n| 1 | <script>x</script> |';
    const first = markdown(source);
    expect(first).toContain('<table>');
    expect(first).toContain('&lt;script&gt;');
    expect(first).not.toContain('<script>');
    expect(markdown(source)).toBe(first);
  });

  it('gives nothing for a missing or blank description', () => {
    expect(markdown(undefined)).toBeUndefined();
    expect(markdown('  \n')).toBeUndefined();
    expect(markdown(42)).toBeUndefined();
  });
});
