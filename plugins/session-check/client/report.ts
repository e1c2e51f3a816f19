/**
 * The report in words: the command's lines (one per failing frame, broken rule and failing call),
 * and the Markdown download. Both are made from the report alone, which holds no credential
 * (read.ts takes them out on load).
 */
import {counted} from '../../api-reference/client/counted';
import {isFailingFrame, seconds, type FrameVerdict, type Report} from './check';

function where(connection: number | undefined, source: string | undefined): string {
  return [connection !== undefined ? `connection ${connection}` : '', source ?? '']
    .filter(Boolean)
    .join(', ');
}

/** One line per failing frame, broken rule, unplaced connection and failing call, in capture order. */
export function failureLines(report: Report): string[] {
  const lines: string[] = [];
  for (const c of report.connections)
    if (c.channel === null)
      lines.push(`connection ${c.id} (${c.source}) ${c.url}: not checked, ${c.channelNote ?? 'no channel'}`);
  for (const f of report.frames) {
    if (!isFailingFrame(f)) continue;
    const what = f.message !== undefined ? `${f.message}: ` : '';
    const problems = f.problems
      .map(
        (p) =>
          `${p.pointer === '' ? '' : `${p.pointer} `}${p.message}${p.value !== null ? ` (value ${p.value})` : ''}`,
      )
      .join('; ');
    const link = f.problems[0]?.link ?? f.link;
    lines.push(
      `${where(f.connection, f.source)}: ${what}${problems}${link !== undefined ? ` [${link}]` : ''}`,
    );
  }
  for (const finding of report.findings) {
    const rule = report.rules.find((r) => r.id === finding.rule);
    lines.push(
      `${where(finding.connection, finding.source)}: rule "${rule?.title ?? finding.rule}" broken: ${finding.message}${rule !== undefined ? ` [${rule.where.link}]` : ''}`,
    );
  }
  for (const call of report.calls) {
    if (call.verdict !== 'invalid') continue;
    const problems = call.problems
      .map(
        (p) =>
          `${p.part}${p.pointer === '' ? '' : ` ${p.pointer}`}: ${p.message}${p.value !== null ? ` (value ${p.value})` : ''}`,
      )
      .join('; ');
    lines.push(
      `call ${call.index} (${call.source}) ${call.method} ${call.url} → ${call.status}: ${problems}${call.link !== undefined ? ` [${call.link}]` : ''}`,
    );
  }
  return lines;
}

/** One line per connection: what the summary table shows. */
export function summaryLines(report: Report): string[] {
  return report.connections.map((c) => {
    const beat =
      c.heartbeatInterval !== null && c.heartbeatInterval > 0
        ? `, longest gap between heartbeats ${c.longestHeartbeatGap === null ? 'none measured' : seconds(c.longestHeartbeatGap)} against ${seconds(c.heartbeatInterval)}`
        : c.heartbeatInterval === 0
          ? ', no heartbeats asked'
          : '';
    const extra = [
      c.binary > 0 ? `${c.binary} binary` : '',
      c.errors > 0 ? counted(c.errors, 'error') : '',
    ].filter(Boolean);
    return `connection ${c.id} ${c.url} (${c.channel ?? 'no channel'}): ${c.sent} sent, ${c.received} received, ${[...extra, ''].join(', ')}${c.failingFrames} failing, ${counted(c.brokenRules, 'broken rule')}, ${counted(c.sequenceGaps, 'sequence gap')}${c.longestSilence !== null ? `, longest silence ${seconds(c.longestSilence)}` : ''}${beat}${c.channelNote !== undefined ? ` (${c.channelNote})` : ''}`;
  });
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The report as Markdown (the page's download). */
export function reportMarkdown(report: Report, title = 'Session check'): string {
  const out: string[] = [`# ${title}`, ''];
  out.push(report.ok ? 'Every frame, call and checked rule holds.' : 'Some frames, calls or rules fail.', '');
  out.push(`Format: ${report.format}. Credentials redacted on load: ${report.redacted}.`, '');
  out.push('## Connections', '');
  out.push(
    '| # | URL | Channel | Sent | Received | Failing frames | Broken rules | Sequence gaps | Longest silence | Heartbeat interval | Longest gap between heartbeats |',
  );
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const c of report.connections)
    out.push(
      `| ${c.id} | ${cell(c.url)} | ${cell(c.channel ?? `none: ${c.channelNote ?? ''}`)} | ${c.sent} | ${c.received} | ${c.failingFrames} | ${c.brokenRules} | ${c.sequenceGaps} | ${c.longestSilence === null ? '–' : seconds(c.longestSilence)} | ${c.heartbeatInterval === null ? '–' : c.heartbeatInterval === 0 ? 'off' : seconds(c.heartbeatInterval)} | ${c.longestHeartbeatGap === null ? '–' : seconds(c.longestHeartbeatGap)} |`,
    );
  const lines = failureLines(report);
  out.push('', '## Failures', '');
  if (lines.length === 0) out.push('None.');
  for (const line of lines) out.push(`- ${line}`);
  out.push('', '## Rules', '');
  for (const rule of report.rules)
    out.push(
      `- **${rule.title}**: ${rule.checked ? (rule.broken === 0 ? 'holds' : `broken ${rule.broken === 1 ? 'once' : `${rule.broken} times`}`) : 'not published; not checked'}. ${rule.where.file}, ${rule.where.place}: “${cell(rule.where.words)}”${rule.reading !== undefined ? ` Reading: ${rule.reading}` : ''}`,
    );
  out.push('');
  return out.join('\n');
}

/** What the page shows of a report: everything but the frames, of which the first few and the first failing ones. */
export interface ReportView extends Omit<Report, 'frames'> {
  frames: FrameVerdict[];
  failing: FrameVerdict[];
  frameCount: number;
  failingCount: number;
}

/**
 * The report as the page needs it. A capture of 100,000 frames makes a report of tens of
 * megabytes; copying it to the page would block the page for a second, so the worker keeps it
 * (for the downloads) and sends this.
 */
export function reportView(report: Report, limit: number): ReportView {
  const failing = report.frames.filter(isFailingFrame);
  const {frames: _frames, ...rest} = report;
  return {
    ...rest,
    frames: report.frames.slice(0, limit),
    failing: failing.slice(0, limit),
    frameCount: report.frames.length,
    failingCount: failing.length,
  };
}
