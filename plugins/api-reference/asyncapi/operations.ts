/**
 * Operations and replies from the reader's side. In AsyncAPI an operation's
 * `action` is the application's (the server's): `receive` means the server
 * receives, so the reader sends; `send` means the reader receives. A request's
 * `reply` lists what the reader can get back.
 */
import {text} from '../document';
import {asyncRequirementKeys} from '../security';
import type {MessageRef, MessageView} from '../types';
import type {OperationEntry} from './model';
import type {Placements} from './placements';
import {describe} from '../readings';

/** How a message takes part in a channel's operations. */
export interface MessageRoles {
  /** Operations in which the reader sends it. */
  sentBy: OperationEntry[];
  /** Operations in which the reader receives it. */
  receivedBy: OperationEntry[];
  /** Requests of the reader that it answers. */
  asReplyToYou: OperationEntry[];
  /** Requests of the server that the reader answers with it. */
  asYourReply: OperationEntry[];
}

export function messageRoles(
  name: string,
  onChannel: OperationEntry[],
  repliesHere: OperationEntry[],
): MessageRoles {
  return {
    sentBy: onChannel.filter((op) => op.action === 'receive' && op.messages.includes(name)),
    receivedBy: onChannel.filter((op) => op.action === 'send' && op.messages.includes(name)),
    asReplyToYou: repliesHere.filter((op) => op.action === 'receive' && op.reply?.messages.includes(name)),
    asYourReply: repliesHere.filter((op) => op.action === 'send' && op.reply?.messages.includes(name)),
  };
}

/** The operations a message view lists: those that send or receive it. */
export function operationViews(roles: MessageRoles): MessageView['operations'] {
  return [...roles.sentBy, ...roles.receivedBy].map((op) => {
    const description = describe(op.operation, 5, op.operation.summary);
    const security = asyncRequirementKeys(op.operation.security, op.key);
    return {
      key: op.key,
      title: text(op.operation.title) ?? op.key,
      youSend: op.action === 'receive',
      ...(description !== undefined ? {description} : {}),
      ...(security.length > 0 ? {security} : {}),
    };
  });
}

function unique(refs: MessageRef[]): MessageRef[] {
  return refs.filter((r, i) => refs.findIndex((x) => x.id === r.id) === i);
}

/** What the reader gets back for the message (`replies`), and what the message answers (`replyTo`). */
export function replyRefs(
  roles: MessageRoles,
  placements: Placements,
): Pick<MessageView, 'replies' | 'replyTo'> {
  return {
    replies: unique([
      ...roles.sentBy.flatMap((op) =>
        (op.reply?.messages ?? []).map((r) => placements.ref(r, op.reply?.channel ?? op.channel)),
      ),
    ]),
    replyTo: unique(
      [...roles.asReplyToYou, ...roles.asYourReply].flatMap((op) =>
        op.messages.map((r) => placements.ref(r, op.channel)),
      ),
    ),
  };
}
