import type { ToolCallView } from '@parallax/contract';

const NAMES: Record<string, string> = { web_search: 'Web search', read_page: 'Read page' };

/** The row's title: a built-in tool's name as people say it, another tool's own name. */
export function toolLabel(name: string): string {
  return NAMES[name] ?? name;
}

/** What the call was asked, in a few words: the search query or page, else its arguments. */
export function toolSubject(call: Pick<ToolCallView, 'name' | 'arguments'>): string {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return call.arguments;
  }
  if (typeof args === 'object' && args !== null) {
    const record = args as Record<string, unknown>;
    for (const key of ['query', 'url']) if (typeof record[key] === 'string') return record[key];
    const keys = Object.keys(record);
    if (keys.length === 0) return '';
  }
  return call.arguments;
}

/** "0.4 s", "12 s": how long the call ran. */
export function toolDuration(ms: number): string {
  return ms < 10_000 ? `${(ms / 1_000).toFixed(1)} s` : `${Math.round(ms / 1_000)} s`;
}
