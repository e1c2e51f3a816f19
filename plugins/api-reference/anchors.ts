/** Moved to client/anchors.ts (browser-safe, shared with src/); kept so existing imports keep working. */
export * from './client/anchors';
