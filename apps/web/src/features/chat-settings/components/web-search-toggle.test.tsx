import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VAULT_SEARCH_WARNING, WebSearchToggleButton } from './web-search-toggle';

function Harness({ inVault }: { inVault: boolean }) {
  const [on, setOn] = useState(false);
  return <WebSearchToggleButton toggle={{ on, failed: false, set: setOn }} inVault={inVault} />;
}

describe('the Web search toggle', () => {
  it('turns on and off at a press in a chat', async () => {
    render(<Harness inVault={false} />);
    const toggle = screen.getByRole('button', { name: 'Web search' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('in the vault asks first, saying the queries leave the server; Cancel leaves it off', async () => {
    render(<Harness inVault />);
    const toggle = screen.getByRole('button', { name: 'Web search' });
    await userEvent.click(toggle);
    expect(await screen.findByText(VAULT_SEARCH_WARNING)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on web search' }));
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Turning it off asks nothing.
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
