// What the app uses of MCP servers: Settings → Tools, the composer's Tools menu, the server list.
export { McpSettings } from './components/mcp-settings';
export { McpToolsMenu } from './components/mcp-tools-menu';
export { useMcpServers } from './api/mcp-servers';
export { usableChoice } from './model/chat-mcp-choice';
export { HealthBadge } from './components/health-badge';
export { healthRecheckMs, POLICY_LABELS } from './model/health-label';
