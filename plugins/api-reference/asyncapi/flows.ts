/** A channel's request/reply flows as sequence diagrams: the reader's requests, the replies, then the stream. */
import {text, type Json} from '../document';
import {plainText} from '../markdown';
import type {FlowStep, FlowView} from '../types';
import {examplesFor, messageExamples} from './examples';
import type {ChannelEntry, OperationEntry} from './model';

export const YOU = 'You';
export const SERVER = 'Server';

function joinOr(items: string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

export function buildFlows(
  doc: Json,
  c: ChannelEntry,
  onChannel: OperationEntry[],
  title: (n: string) => string | undefined,
): FlowView[] {
  const requests = onChannel.filter((op) => op.action === 'receive' && op.reply !== undefined);
  const streams = onChannel.filter((op) => op.action === 'send').flatMap((op) => op.messages);
  return requests.map((op, index): FlowView => {
    const steps: FlowStep[] = [];
    for (const name of op.messages) {
      const message = c.messages.find((m) => m.name === name)?.message ?? {};
      // Named examples are the request's variants (e.g. "from a sequence number"): one arrow names them all.
      const variants = examplesFor(messageExamples(doc, message), c.key).flatMap((e) =>
        e.name !== undefined && e.view.name !== undefined ? [e.name] : [],
      );
      steps.push({
        from: YOU,
        to: SERVER,
        label: variants.length > 1 ? `${name}: ${joinOr(variants)}` : name,
        kind: 'request',
      });
    }
    const replies = op.reply?.messages ?? [];
    for (const name of replies) {
      steps.push({
        from: SERVER,
        to: YOU,
        label: name,
        kind: 'reply',
        ...(replies.length > 1 ? {alternative: title(name) ?? name} : {}),
      });
    }
    // The channel's opening request is followed by what the server sends on the channel (its send
    // operations); the document gives no timing, so the note claims none.
    if (index === 0 && streams.length > 0) {
      steps.push({from: SERVER, to: YOU, label: 'The server also sends on this channel:', kind: 'note'});
      for (const name of streams) steps.push({from: SERVER, to: YOU, label: name, kind: 'stream'});
    }
    const flow: FlowView = {title: text(op.operation.title) ?? op.key, participants: [YOU, SERVER], steps};
    const description = plainText(op.operation.summary ?? op.operation.description, 240);
    if (description !== undefined) flow.description = description;
    return flow;
  });
}
