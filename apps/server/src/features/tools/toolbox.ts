import type { OutboundRoute } from '../../infra/outbound/outbound-client';
import type { LimitsService } from '../limits';
import { readPageTool } from './read-page/read-page.tool';
import type { ToolSettingsService } from './tool-settings.service';
import type { ToolLoopSettings, TurnTool, TurnToolbox, TurnToolsQuery } from './turn-tool';
import { webSearchTool } from './web-search/web-search.tool';

export interface ToolboxRoutes {
  /** For the search provider's URL, which the admin sets (guarded like provider base URLs). */
  search: OutboundRoute;
  /** For the pages a model asks to read: never a private address. */
  pages: OutboundRoute;
}

/**
 * The built-in tools a turn may offer: none unless the chat's Web search toggle is on (vault
 * turns too: the toggle is the user's consent that text leaves the server); then web_search
 * when a provider is ready and read_page, each as the owner's plan allows. Visitors follow the
 * free plan, as their other limits do.
 */
export class BuiltInToolbox implements TurnToolbox {
  readonly #readPage: TurnTool;

  constructor(
    private readonly settings: ToolSettingsService,
    private readonly limits: Pick<LimitsService, 'rulesFor'>,
    private readonly routes: ToolboxRoutes,
  ) {
    this.#readPage = readPageTool(routes.pages);
  }

  async loopSettings(): Promise<ToolLoopSettings> {
    return (await this.settings.current()).loop;
  }

  async toolsFor(query: TurnToolsQuery): Promise<TurnTool[]> {
    if (!query.webSearch) return [];
    const [settings, rules] = await Promise.all([
      this.settings.current(),
      this.limits.rulesFor(query.owner),
    ]);
    const access = await this.settings.accessFor(rules.planId);
    const tools: TurnTool[] = [];
    if (settings.webSearch !== null && access.webSearch)
      tools.push(webSearchTool(this.routes.search, settings.webSearch));
    if (access.readPage) tools.push(this.#readPage);
    return tools;
  }
}
