import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SaveTemplateDialog } from './save-template-dialog';

/** Stands in for the templates screen: shows the location state it was handed. */
function HandedState() {
  return <output aria-label="handed">{JSON.stringify(useLocation().state)}</output>;
}

function renderDialog(text: string) {
  render(
    <MemoryRouter initialEntries={['/prompt-generator']}>
      <Routes>
        <Route
          path="/prompt-generator"
          element={
            <SaveTemplateDialog
              open
              onOpenChange={() => undefined}
              text={text}
              defaultTitle="Essay"
            />
          }
        />
        <Route path="/prompt-templates" element={<HandedState />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SaveTemplateDialog', () => {
  it('hands the templates screen the prompt with the confirmed variables', async () => {
    renderDialog('Write an essay on [topic] for <reading level> readers, about {{topic}}.');
    expect(await screen.findByLabelText('Variable topic')).toHaveValue('topic');
    fireEvent.change(screen.getByLabelText('Variable reading_level'), {
      target: { value: 'Grade' },
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Essay writer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to templates' }));
    const handed = JSON.parse(
      (await screen.findByLabelText('handed')).textContent ?? '',
    ) as unknown;
    expect(handed).toEqual({
      templateDraft: {
        title: 'Essay writer',
        body: 'Write an essay on {{topic}} for {{grade}} readers, about {{topic}}.',
      },
    });
  });

  it('keeps a variable as plain text when its name is emptied, and refuses a bad name', async () => {
    renderDialog('Summarise [article] in [style].');
    fireEvent.change(await screen.findByLabelText('Variable style'), { target: { value: '9x' } });
    expect(screen.getByRole('button', { name: 'Continue to templates' })).toBeDisabled();
    expect(screen.getByText(/a name starts with a letter/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Variable style'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to templates' }));
    const handed = JSON.parse((await screen.findByLabelText('handed')).textContent ?? '') as {
      templateDraft: { body: string };
    };
    expect(handed.templateDraft.body).toBe('Summarise {{article}} in style.');
  });
});
