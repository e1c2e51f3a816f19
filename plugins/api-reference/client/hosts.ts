/** How the guides and the identity components name a host (plugins/api-reference/guideFit.ts reports with it too). */

const API_NAMES = {rest: 'REST', ws: 'WebSocket'} as const;

/** "the production REST host" / "the default WebSocket host". */
export function hostLabel(api: 'rest' | 'ws', env: string | undefined): string {
  return `the ${env ?? 'default'} ${API_NAMES[api]} host`;
}
