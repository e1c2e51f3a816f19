/**
 * Test stub: the api-reference plugin's global data as a site whose documents name the Example
 * Provider API and its contact address, with no gaps in the guides. Any other plugin has none.
 */
import type {ApiReferenceGlobalData} from '../../../../plugins/api-reference';

const API_REFERENCE = {
  identity: {
    title: 'Example Provider API',
    providerName: 'Example Provider',
    contactEmail: 'api@example.com',
    statusUrl: null,
    apiVersion: '1.0.0',
    restServers: [],
    wsServers: [],
    asyncApiLabel: 'WebSocket',
  },
  guideGaps: {},
} as unknown as ApiReferenceGlobalData;

export function usePluginData(name: string): unknown {
  return name === 'api-reference' ? API_REFERENCE : undefined;
}
