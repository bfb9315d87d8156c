import { TOOL_NAME_PATTERN } from '@parallax/contract';

const MAX = 64;

function plain(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
}

/**
 * Names a server's tools as the model sees them: `server__tool`, within the providers'
 * pattern (^[a-zA-Z0-9_-]{1,64}$). A server name holds no `__`, so a qualified name never
 * equals a built-in's or another server's; two tools of one server that sanitise alike get
 * `_2`, `_3`… Returns qualified name → the server's own name.
 */
export function qualifyToolNames(server: string, tools: readonly string[]): Map<string, string> {
  const prefix = `${server}__`;
  const out = new Map<string, string>();
  for (const tool of tools) {
    const base = plain(tool).slice(0, MAX - prefix.length);
    let name = `${prefix}${base}`;
    for (let n = 2; out.has(name); n += 1) {
      const suffix = `_${n}`;
      name = `${prefix}${base.slice(0, MAX - prefix.length - suffix.length)}${suffix}`;
    }
    if (TOOL_NAME_PATTERN.test(name)) out.set(name, tool);
  }
  return out;
}
