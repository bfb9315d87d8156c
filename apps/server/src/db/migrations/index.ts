import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-initial';
import * as m0005 from './0005-models';
import * as m0010 from './0010-accounts';
import * as m0020 from './0020-chat';
import * as m0030 from './0030-compare';
import * as m0031 from './0031-second-demo-model';
import * as m0040 from './0040-attachments-storage-name';
import * as m0050 from './0050-message-tree';
import * as m0070 from './0070-projects';
import * as m0090 from './0090-api-keys';
import * as m0100 from './0100-search-index';
import * as m0110 from './0110-knowledge';
import * as m0115 from './0115-search-turn-end';
import * as m0120 from './0120-prompt-templates';
import * as m0130 from './0130-prompt-generator';
import * as m0140 from './0140-vault';
import * as m0150 from './0150-plans';
import * as m0170 from './0170-subscriptions';
import * as m0180 from './0180-admin-console';
import * as m0185 from './0185-vertex-credentials';
import * as m0190 from './0190-support';
import * as m0200 from './0200-client-log-lookups';
import * as m0210 from './0210-feature-flags';
import * as m0220 from './0220-two-factor';
import * as m0230 from './0230-search-tsv-once';
import * as m0240 from './0240-search-triggers-plan-once';
import * as m0250 from './0250-compare-allocations';
import * as m0260 from './0260-vault-recovery-throttle';
import * as m0300 from './0300-chat-settings';
import * as m0310 from './0310-personalization';
import * as m0320 from './0320-message-feedback';
import * as m0321 from './0321-message-finish-reason';
import * as m0330 from './0330-model-picker';
import * as m0331 from './0331-chat-titles';
import * as m0340 from './0340-session-devices';
import * as m0370 from './0370-provider-health';
import * as m0380 from './0380-tool-settings';
import * as m0390 from './0390-message-tool-calls';
import * as m0410 from './0410-mcp-servers';
import * as m0411 from './0411-mcp-oauth';
import * as m0420 from './0420-arena';
import * as m0430 from './0430-shares';
import * as m0440 from './0440-mcp-settings';
import * as m0450 from './0450-arena-vote-order';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so they work
 * the same under tsx, vitest and a bundler. Add new ones at the end; never edit a shipped one.
 * Keys sort alphabetically in the order they must run (Kysely checks this).
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0005-models': m0005,
  '0010-accounts': m0010,
  '0020-chat': m0020,
  '0030-compare': m0030,
  '0031-second-demo-model': m0031,
  '0040-attachments-storage-name': m0040,
  '0050-message-tree': m0050,
  '0070-projects': m0070,
  '0090-api-keys': m0090,
  '0100-search-index': m0100,
  '0110-knowledge': m0110,
  '0115-search-turn-end': m0115,
  '0120-prompt-templates': m0120,
  '0130-prompt-generator': m0130,
  '0140-vault': m0140,
  '0150-plans': m0150,
  '0170-subscriptions': m0170,
  '0180-admin-console': m0180,
  '0185-vertex-credentials': m0185,
  '0190-support': m0190,
  '0200-client-log-lookups': m0200,
  '0210-feature-flags': m0210,
  '0220-two-factor': m0220,
  '0230-search-tsv-once': m0230,
  '0240-search-triggers-plan-once': m0240,
  '0250-compare-allocations': m0250,
  '0260-vault-recovery-throttle': m0260,
  '0300-chat-settings': m0300,
  '0310-personalization': m0310,
  '0320-message-feedback': m0320,
  '0321-message-finish-reason': m0321,
  '0330-model-picker': m0330,
  '0331-chat-titles': m0331,
  '0340-session-devices': m0340,
  '0370-provider-health': m0370,
  '0380-tool-settings': m0380,
  '0390-message-tool-calls': m0390,
  '0410-mcp-servers': m0410,
  '0411-mcp-oauth': m0411,
  '0420-arena': m0420,
  '0430-shares': m0430,
  '0440-mcp-settings': m0440,
  '0450-arena-vote-order': m0450,
};
