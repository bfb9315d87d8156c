import { describe, expect, it } from 'vitest';
import { commandFor, isTextField } from './keyboard-shortcuts';

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('commandFor', () => {
  it('opens the search palette on Ctrl+K and ⌘+K, from a text field too', () => {
    expect(commandFor(press('k', { ctrlKey: true }), document.body)).toBe('search');
    expect(commandFor(press('K', { metaKey: true }), document.createElement('textarea'))).toBe(
      'search',
    );
    expect(commandFor(press('k'), document.body)).toBeNull();
  });

  it('opens a new chat on Ctrl+Shift+O and ⌘+Shift+O', () => {
    expect(commandFor(press('O', { ctrlKey: true, shiftKey: true }), document.body)).toBe(
      'new-chat',
    );
    expect(commandFor(press('o', { metaKey: true, shiftKey: true }), document.body)).toBe(
      'new-chat',
    );
    expect(commandFor(press('o', { ctrlKey: true }), document.body)).toBeNull();
  });

  it('folds the sidebar on Ctrl+B and ⌘+B, from a text box but not from rich text', () => {
    expect(commandFor(press('b', { ctrlKey: true }), document.body)).toBe('toggle-sidebar');
    expect(commandFor(press('B', { metaKey: true }), document.createElement('textarea'))).toBe(
      'toggle-sidebar',
    );
    const rich = document.createElement('div');
    rich.setAttribute('contenteditable', 'true');
    document.body.append(rich);
    expect(commandFor(press('b', { ctrlKey: true }), rich)).toBeNull();
    rich.remove();
    expect(commandFor(press('b', { ctrlKey: true, shiftKey: true }), document.body)).toBeNull();
    expect(commandFor(press('b'), document.body)).toBeNull();
  });

  it('focuses the box on Shift+Esc, even from a text field', () => {
    const input = document.createElement('input');
    expect(commandFor(press('Escape', { shiftKey: true }), input)).toBe('focus-composer');
    expect(commandFor(press('Escape'), document.body)).toBeNull();
  });

  it('shows the shortcuts on "?" only outside text fields', () => {
    expect(commandFor(press('?', { shiftKey: true }), document.body)).toBe('show-shortcuts');
    expect(
      commandFor(press('?', { shiftKey: true }), document.createElement('textarea')),
    ).toBeNull();
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTextField(checkbox)).toBe(false);
    expect(commandFor(press('?', { shiftKey: true }), checkbox)).toBe('show-shortcuts');
  });
});
