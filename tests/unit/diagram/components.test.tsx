import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {FlowDiagram, SequenceDiagram, StateDiagram} from '../../../src/components/Diagram';

/** Splits rendered markup into the SVG, the caption and the text version. */
function parts(html: string): {svg: string; svgText: string; caption: string; textVersion: string} {
  const svg = (/<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? '').replace(/<defs>[\s\S]*<\/defs>/, '');
  const caption = /<figcaption[\s\S]*<\/figcaption>/.exec(html)?.[0] ?? '';
  const textVersion = /<details[\s\S]*<\/details>/.exec(html)?.[0] ?? '';
  // The words the SVG shows: tspans of one label are joined with a space (that is how they read).
  const svgText = decode(
    svg
      .replace(/<title[\s\S]*?<\/desc>/, '')
      .replace(/<\/tspan><tspan[^>]*>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  ).replace(/([_/-]) /g, '$1'); // an identifier broken after "_" reads as one word
  return {
    svg,
    svgText,
    caption,
    textVersion: decode(textVersion.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')),
  };
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function expectAccessibleFigure(html: string, title: string, description?: string): void {
  expect(html.startsWith('<figure')).toBe(true);
  const {svg, caption, textVersion} = parts(html);
  expect(svg).toMatch(/^<svg[^>]* role="img"/);
  const labelledBy = /aria-labelledby="([^"]+)"/.exec(svg)?.[1];
  const describedBy = /aria-describedby="([^"]+)"/.exec(svg)?.[1];
  expect(labelledBy).toBeDefined();
  expect(svg).toContain(`<title id="${labelledBy}">${title}</title>`);
  expect(svg).toContain(`<desc id="${describedBy}">`);
  if (description !== undefined) expect(svg).toContain(description);
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(caption).toContain(title);
  expect(textVersion).toContain('Text version');
  expect(html).toMatch(/<details[^>]*><summary>Text version<\/summary>[\s\S]*<ol>[\s\S]*<li>/);
  expect(html).not.toMatch(/NaN|Infinity|undefined/);
}

describe('SequenceDiagram', () => {
  const props = {
    title: 'Placing an order',
    description: 'A new order yields an execution or a status message.',
    participants: ['Client', 'WebSocket API'],
    steps: [
      {from: 'Client', to: 'WebSocket API', label: 'subscribe_order_channel'},
      {
        from: 'WebSocket API',
        to: 'Client',
        label: 'channel_subscription_confirmation',
        kind: 'reply' as const,
      },
      {
        from: 'Client',
        to: 'WebSocket API',
        label:
          'new_order with order_ref, instrument, side and amount (exactly one of leg_1_amount or leg_2_amount)',
      },
      {
        from: 'WebSocket API',
        to: 'Client',
        label: 'order_execution',
        kind: 'stream' as const,
        alternative: 'accepted',
      },
      {
        from: 'WebSocket API',
        to: 'Client',
        label: 'order_status with rejection_reason',
        kind: 'reply' as const,
        alternative: 'rejected',
      },
      {from: 'Client', to: 'Client', label: 'keep order_ref unique', kind: 'note' as const},
    ],
  };
  const html = renderToStaticMarkup(<SequenceDiagram {...props} />);
  const {svg, svgText, textVersion} = parts(html);

  it('is an accessible figure with a title, description, caption and text version', () => {
    expectAccessibleFigure(html, props.title, props.description);
  });

  it('shows every participant and step label in the SVG and in the text version', () => {
    for (const p of props.participants) expect(svgText).toContain(p);
    for (const step of props.steps) {
      expect(svgText).toContain(step.label);
      expect(textVersion).toContain(step.label);
    }
  });

  it('lists the steps in order in the text version, one list item each', () => {
    const items = html.match(/<li>/g) ?? [];
    expect(items).toHaveLength(props.steps.length);
    const positions = props.steps.map((s) => textVersion.indexOf(s.label));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(textVersion).toContain('If accepted:');
    expect(textVersion).toContain('If rejected:');
  });

  it('styles arrows by kind and frames the alternatives', () => {
    expect(svg).toContain('data-kind="reply"');
    expect(svg).toMatch(/stroke-dasharray="7 5"/);
    expect(svg).toContain('data-kind="stream"');
    expect(svg).toContain('data-kind="alt"');
    expect(svgText).toContain('[accepted]');
    expect(svgText).toContain('[rejected]');
  });

  it('wraps the long label onto several lines', () => {
    const longGroup = /<text[^>]*>(?:<tspan[^>]*>[^<]*<\/tspan>)+<\/text>/g;
    const multi = (svg.match(longGroup) ?? []).filter((t) => t.includes('new_order'));
    expect(multi).toHaveLength(1);
    expect((multi[0]?.match(/<tspan/g) ?? []).length).toBeGreaterThan(1);
  });

  it('gives each diagram on a page its own ids', () => {
    const two = renderToStaticMarkup(
      <>
        <SequenceDiagram {...props} />
        <SequenceDiagram {...props} />
      </>,
    );
    const ids = [...two.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of two.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref[1]);
  });
});

describe('StateDiagram without transitions (a source that publishes none)', () => {
  const html = renderToStaticMarkup(
    <StateDiagram
      title="Order status"
      states={[
        {id: 'RECEIVED', label: 'RECEIVED', initial: true},
        {id: 'DONE', label: 'DONE', terminal: true},
      ]}
      transitions={[]}
    />,
  );

  it('lists the states in the text version instead of an empty list, and says no transition is drawn', () => {
    expect(html).not.toMatch(/<ol>\s*<\/ol>/);
    expect(html).toContain('<li>RECEIVED (initial)</li>');
    expect(html).toContain('No transitions are drawn.');
  });
});

describe('StateDiagram', () => {
  const props = {
    title: 'Order status',
    states: [
      {id: 'RECEIVED', label: 'RECEIVED', initial: true},
      {id: 'CONFIRMED', label: 'CONFIRMED'},
      {id: 'DONE', label: 'DONE', terminal: true},
      {id: 'REJECTED', label: 'REJECTED', terminal: true},
    ],
    transitions: [
      {from: 'RECEIVED', to: 'CONFIRMED', label: 'accepted'},
      {from: 'RECEIVED', to: 'REJECTED', label: 'refused'},
      {from: 'CONFIRMED', to: 'DONE'},
    ],
  };
  const html = renderToStaticMarkup(<StateDiagram {...props} />);
  const {svgText, textVersion, svg} = parts(html);

  it('is an accessible figure (default description when none is given)', () => {
    expectAccessibleFigure(html, props.title);
    expect(svg).toContain('A text version follows the diagram.');
  });

  it('shows every state and transition label in the SVG and the text version', () => {
    for (const s of props.states) {
      expect(svgText).toContain(s.label);
      expect(textVersion).toContain(s.label);
    }
    for (const t of props.transitions) {
      if (t.label !== undefined) expect(svgText).toContain(t.label);
      expect(textVersion).toContain(`${t.from} → ${t.to}`);
    }
  });

  it('marks terminal states with a double border and names them in the text version', () => {
    const terminalGroups =
      svg.match(/<g data-state="[A-Z]+" data-terminal="true">(?:<rect[^>]*><\/rect>){2}/g) ?? [];
    expect(terminalGroups).toHaveLength(2);
    expect(textVersion).toMatch(/Terminal \(no further change\): DONE, REJECTED/);
    expect(textVersion).toContain('Initial: RECEIVED');
  });
});

describe('FlowDiagram', () => {
  const steps = [
    {label: 'Place an order', detail: 'new_order or a bulk order'},
    {label: 'Get trade data'},
    {label: 'Post a settlement request with the trade ids and the amounts to transfer'},
    {label: 'Check status'},
    {label: 'Read details'},
  ];
  const html = renderToStaticMarkup(
    <FlowDiagram title="Settlement" description="From trade to settled." steps={steps} />,
  );
  const {svgText, textVersion, svg} = parts(html);

  it('is an accessible figure', () => {
    expectAccessibleFigure(html, 'Settlement', 'From trade to settled.');
  });

  it('numbers every step and shows labels and details in both forms', () => {
    steps.forEach((s, i) => {
      expect(svgText).toContain(s.label);
      expect(svgText).toContain(String(i + 1));
      expect(textVersion).toContain(s.label);
      if (s.detail !== undefined) {
        expect(svgText).toContain(s.detail);
        expect(textVersion).toContain(s.detail);
      }
    });
    expect(html.match(/<li>/g) ?? []).toHaveLength(steps.length);
  });

  it('draws one connector fewer than steps', () => {
    expect(svg.match(/<path d="M [^"]+" fill="none"/g) ?? []).toHaveLength(steps.length - 1);
  });
});
