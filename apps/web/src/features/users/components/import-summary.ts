import type { ImportResponse } from '@parallax/contract';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an import added, in a sentence: chats always, the rest only when there was some. */
export function importSummary(done: ImportResponse): string {
  const from = done.source === 'chatgpt' ? 'ChatGPT' : 'Parallax';
  const extras = [
    done.projects > 0 && count(done.projects, 'project', 'projects'),
    done.presets > 0 && count(done.presets, 'preset', 'presets'),
    done.memories > 0 && count(done.memories, 'memory', 'memories'),
  ].filter((part): part is string => typeof part === 'string');
  const chats = `${count(done.conversations, 'chat', 'chats')} with ${count(done.messages, 'message', 'messages')}`;
  const all = [chats, ...extras];
  const listed = all.length === 1 ? chats : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
  return `Imported from ${from}: ${listed}.`;
}
