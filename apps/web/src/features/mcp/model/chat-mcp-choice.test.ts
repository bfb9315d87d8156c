import { NO_MCP } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { isToolOn, toolsOnCount, usableChoice, withServer, withTool } from './chat-mcp-choice';

const tool = (qualified_name: string) => ({ qualified_name }) as { qualified_name: string };
const files = { id: 's1', tools: [tool('files__read'), tool('files__write')] };
const notes = { id: 's2', tools: [tool('notes__add')] };
// The helpers read only ids and qualified names; the rest of a server does not matter here.
type Server = Parameters<typeof withServer>[1];
const s1 = files as unknown as Server;
const s2 = notes as unknown as Server;

describe('chat MCP choice', () => {
  it('turns a server on with all its tools, and single tools off and on again', () => {
    let choice = withServer(NO_MCP, s1, true);
    expect(isToolOn(choice, 's1', 'files__write')).toBe(true);
    choice = withTool(choice, 'files__write', false);
    expect(isToolOn(choice, 's1', 'files__write')).toBe(false);
    expect(isToolOn(choice, 's1', 'files__read')).toBe(true);
    expect(toolsOnCount(choice, [s1, s2])).toBe(1);
    choice = withTool(choice, 'files__write', true);
    expect(choice.disabled_tools).toEqual([]);
  });

  it('forgets a server’s tools turned off when the server goes off', () => {
    let choice = withServer(withServer(NO_MCP, s1, true), s2, true);
    choice = withTool(withTool(choice, 'files__write', false), 'notes__add', false);
    choice = withServer(choice, s1, false);
    expect(choice).toEqual({ servers: ['s2'], disabled_tools: ['notes__add'] });
  });

  it('never counts a tool of a server that is off', () => {
    expect(isToolOn(NO_MCP, 's1', 'files__read')).toBe(false);
    expect(toolsOnCount(NO_MCP, [s1, s2])).toBe(0);
  });

  it('drops servers the caller may no longer use', () => {
    const choice = { servers: ['s1', 'gone'], disabled_tools: [] };
    expect(usableChoice(choice, [s1]).servers).toEqual(['s1']);
  });

  it('does not add a server twice', () => {
    expect(withServer(withServer(NO_MCP, s1, true), s1, true).servers).toEqual(['s1']);
  });
});
