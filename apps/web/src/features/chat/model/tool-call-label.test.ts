import { describe, expect, it } from 'vitest';
import { toolDuration, toolLabel, toolSubject } from './tool-call-label';

describe('tool row labels', () => {
  it('names the built-in tools and keeps other names', () => {
    expect(toolLabel('web_search')).toBe('Web search');
    expect(toolLabel('read_page')).toBe('Read page');
    expect(toolLabel('files__list')).toBe('files__list');
  });

  it('shows the query or url, else the arguments as written', () => {
    expect(toolSubject({ name: 'web_search', arguments: '{"query":"cats","count":3}' })).toBe(
      'cats',
    );
    expect(toolSubject({ name: 'read_page', arguments: '{"url":"https://a.example/x"}' })).toBe(
      'https://a.example/x',
    );
    expect(toolSubject({ name: 'x', arguments: '{}' })).toBe('');
    expect(toolSubject({ name: 'x', arguments: '{"n":1}' })).toBe('{"n":1}');
    expect(toolSubject({ name: 'x', arguments: 'not json' })).toBe('not json');
  });

  it('reads durations in tenths under ten seconds', () => {
    expect(toolDuration(420)).toBe('0.4 s');
    expect(toolDuration(12_400)).toBe('12 s');
  });
});
