import { parseTemplateBody } from '@parallax/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateFillForm } from './template-fill-form';

const body =
  'Write to {{person}} in a {{tone:choice=formal|playful}} tone. <b>{{note;default=hi}}</b>';
const template = { id: 't1', title: 'Note', body, variables: parseTemplateBody(body).variables };

describe('TemplateFillForm', () => {
  it('checks required fields before handing the text on', () => {
    const onDone = vi.fn();
    render(<TemplateFillForm template={template} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('person is required.');
    expect(screen.getByLabelText(/^person/).getAttribute('aria-invalid')).toBe('true');
  });

  it('previews the filled text as plain text and hands it on with the chosen action', () => {
    const onDone = vi.fn();
    render(<TemplateFillForm template={template} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText(/^person/), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('tone'), { target: { value: 'playful' } });
    const expected = 'Write to Grace in a playful tone. <b>hi</b>';
    expect(screen.getByTestId('template-preview').textContent).toBe(expected);
    fireEvent.click(screen.getByRole('button', { name: 'Put in new chat' }));
    expect(onDone).toHaveBeenCalledWith(expected, 'insert');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onDone).toHaveBeenLastCalledWith(expected, 'send');
  });
});
