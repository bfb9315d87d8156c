import { TOOL_LIMITS } from '@parallax/contract';
import type { ToolLoopSettings, TurnTool, TurnToolbox, TurnToolsQuery } from '../../tools';

const DEFAULT_SETTINGS: ToolLoopSettings = {
  maxSteps: TOOL_LIMITS.stepsDefault,
  toolTimeoutMs: TOOL_LIMITS.toolTimeoutDefaultSeconds * 1000,
};

/**
 * Where the tools feature plugs its toolbox in (app.turnToolbox): chat asks it, never a tool.
 * Until a toolbox is given, no turn offers tools.
 */
export class TurnToolboxSlot implements TurnToolbox {
  #toolbox: TurnToolbox | null = null;

  /** The app gives the tools feature's toolbox at boot; a bench may put a stand-in in its place. */
  use(toolbox: TurnToolbox): void {
    this.#toolbox = toolbox;
  }

  loopSettings(): Promise<ToolLoopSettings> {
    return this.#toolbox?.loopSettings() ?? Promise.resolve(DEFAULT_SETTINGS);
  }

  toolsFor(query: TurnToolsQuery): Promise<TurnTool[]> {
    return this.#toolbox?.toolsFor(query) ?? Promise.resolve([]);
  }
}
