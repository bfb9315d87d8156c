/**
 * Table types of the one database, shared by every repository: one file per group of tables,
 * the column conventions in conventions.ts.
 */
export type { Database } from './database';
export type { IsoTimestamp } from './conventions';
export type * from './accounts';
export type * from './admin';
export type * from './telemetry';
export type * from './chat';
export type * from './projects';
export type * from './prompts';
export type * from './support';
export type * from './billing';
export type * from './compare';
export type * from './api-keys';
export type * from './vault';
export type * from './chat-settings';
export type * from './personalization';
export type * from './tool-settings';
export type * from './mcp';
