/** What other features may use of tools: the toolbox a turn's step loop runs (app.tools). */
export {
  ToolDenied,
  ToolFailure,
  type ToolRowChange,
  type ToolDocument,
  type ToolLoopSettings,
  type ToolResult,
  type ToolRunContext,
  type TurnTool,
  type TurnToolbox,
  type TurnToolsQuery,
} from './turn-tool';
export { TOOL_SETTINGS_CHANGED_TOPIC } from './tools.plugin';
export { plainText } from './untrusted-text';
