import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableEmail } from './breakable-email';

describe('BreakableEmail', () => {
  it('offers breaks before "@" and dots and keeps the text as typed', () => {
    const { container } = render(<BreakableEmail email="first.last@example.co.uk" />);
    expect(container.textContent).toBe('first.last@example.co.uk');
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
  });
});
