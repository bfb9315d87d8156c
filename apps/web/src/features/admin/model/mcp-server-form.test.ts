import type { AdminMcpServer } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyAdminServerForm,
  formOfServer,
  parseHeaderLines,
  toCreateAdminServer,
  toUpdateAdminServer,
} from './mcp-server-form';

const server = {
  id: 'srv_1',
  name: 'files',
  title: 'Files',
  scope: 'admin',
  transport: 'streamable_http',
  url: 'https://mcp.example.com/mcp',
  auth: 'bearer',
  auth_hint: 'abcd',
  enabled: true,
  policies: {},
} as unknown as AdminMcpServer;

describe('parseHeaderLines', () => {
  it('reads one header a line and skips blank lines', () => {
    expect(parseHeaderLines('X-Api-Key: abc\n\nX-Team: a:b')).toEqual({
      headers: { 'X-Api-Key': 'abc', 'X-Team': 'a:b' },
    });
  });
  it('names the line that has no colon', () => {
    expect(parseHeaderLines('X-Ok: 1\nbroken')).toEqual({
      error: 'headers: line 2 needs "Name: value"',
    });
  });
});

describe('toCreateAdminServer', () => {
  it('makes a server with a bearer token', () => {
    const made = toCreateAdminServer({
      ...emptyAdminServerForm(),
      name: 'files',
      url: 'https://mcp.example.com/mcp',
      auth: 'bearer',
      token: 'secret-token',
    });
    expect(made.body).toEqual({
      name: 'files',
      url: 'https://mcp.example.com/mcp',
      transport: 'streamable_http',
      auth: { kind: 'bearer', token: 'secret-token' },
      enabled: true,
    });
  });

  it('asks for the token a bearer server needs, and names bad fields', () => {
    expect(
      toCreateAdminServer({
        ...emptyAdminServerForm(),
        name: 'files',
        url: 'https://a.example',
        auth: 'bearer',
      }).errors?.token,
    ).toBe('token: enter the token');
    const bad = toCreateAdminServer({ ...emptyAdminServerForm(), name: 'A B', url: 'nope' });
    expect(bad.errors?.name).toMatch(/^name:/);
    expect(bad.errors?.url).toMatch(/^url:/);
  });
});

describe('toUpdateAdminServer', () => {
  it('sends nothing for an untouched form: the stored token stays', () => {
    expect(toUpdateAdminServer(formOfServer(server), server).body).toEqual({});
  });

  it('sends only what changed, and a new token when one is typed', () => {
    const form = { ...formOfServer(server), url: 'https://other.example/mcp', token: 'new-token' };
    expect(toUpdateAdminServer(form, server).body).toEqual({
      url: 'https://other.example/mcp',
      auth: { kind: 'bearer', token: 'new-token' },
    });
  });

  it('switches to OAuth without a client (discovery and registration do the rest)', () => {
    expect(toUpdateAdminServer({ ...formOfServer(server), auth: 'oauth' }, server).body).toEqual({
      auth: { kind: 'oauth' },
    });
  });
});
