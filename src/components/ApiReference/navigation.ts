/**
 * The references' tables of contents with what a reader scans for: the HTTP
 * method of each operation (/rest) and the direction of each message
 * (/docs/ws), as small badges before the heading text. The entries stay the
 * model's (same ids, levels and text); only the HTML a TOC item shows gains
 * a badge, styled by the global classes in navigation.css.
 */
import type {OperationView, RestModel, TocItem, WsModel} from '@site/plugins/api-reference/types';
import './navigation.css';

function withBadges(toc: readonly TocItem[], badges: ReadonlyMap<string, string>): TocItem[] {
  return toc.map((item) => {
    const badge = badges.get(item.id);
    return badge === undefined ? item : {...item, value: `${badge} ${item.value}`};
  });
}

export function restNavigation(model: RestModel): TocItem[] {
  const badges = new Map<string, string>();
  const add = (op: OperationView): void => {
    const method = op.method.toLowerCase().replace(/[^a-z]/g, '');
    badges.set(op.id, `<span class="api-nav-badge api-nav-badge--${method}">${op.method}</span>`);
  };
  for (const tag of model.tags) tag.operations.forEach(add);
  model.webhooks.forEach(add);
  return withBadges(model.toc, badges);
}

export function wsNavigation(model: WsModel): TocItem[] {
  const badges = new Map<string, string>();
  for (const channel of model.channels) {
    for (const m of channel.messages) {
      // The direction in words: short, and what a screen reader says.
      if (m.youSend && !m.youReceive)
        badges.set(m.id, '<span class="api-nav-badge api-nav-badge--send" title="You send">send</span>');
      else if (m.youReceive && !m.youSend)
        badges.set(
          m.id,
          '<span class="api-nav-badge api-nav-badge--receive" title="You receive">receive</span>',
        );
    }
  }
  return withBadges(model.toc, badges);
}
