import { describe, expect, it } from 'vitest';
import { errorsFromMessage, toCreateRequest, type ServerForm } from './server-form';

const form = (over: Partial<ServerForm>): ServerForm => ({
  name: 'notes',
  url: 'https://mcp.example.com/mcp',
  auth: 'none',
  token: '',
  ...over,
});

describe('toCreateRequest', () => {
  it('makes the request of a plain server, trimmed', () => {
    expect(
      toCreateRequest(form({ name: ' notes ', url: ' https://mcp.example.com/mcp ' })),
    ).toEqual({
      body: { name: 'notes', url: 'https://mcp.example.com/mcp', auth: { kind: 'none' } },
      errors: null,
    });
  });

  it('carries a bearer token and asks for OAuth', () => {
    expect(toCreateRequest(form({ auth: 'bearer', token: 'tok_123' })).body?.auth).toEqual({
      kind: 'bearer',
      token: 'tok_123',
    });
    expect(toCreateRequest(form({ auth: 'oauth' })).body?.auth).toEqual({ kind: 'oauth' });
  });

  it('names the field that is wrong', () => {
    const bad = toCreateRequest(form({ name: 'Has Spaces', url: 'not a url' }));
    expect(bad.errors?.name).toMatch(/^name:/);
    expect(bad.errors?.url).toMatch(/^url:/);
    expect(toCreateRequest(form({ auth: 'bearer', token: '' })).errors?.token).toBeDefined();
  });
});

describe('errorsFromMessage', () => {
  it('puts a server message under its field, or under the form', () => {
    expect(errorsFromMessage('url: private addresses are not allowed')).toEqual({
      url: 'url: private addresses are not allowed',
    });
    expect(errorsFromMessage('Too many servers')).toEqual({ form: 'Too many servers' });
  });
});
