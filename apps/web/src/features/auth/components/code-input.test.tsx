import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeInput value={code} onChange={setCode} {...(onComplete && { onComplete })} />
      <output data-testid="code">{code}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const code = () => screen.getByTestId('code').textContent;

describe('CodeInput', () => {
  it('has six labelled boxes', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('pasting a code into any box fills all six and completes', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => ' 123-456 ' } });
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('typing advances to the next box', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.change(boxes()[1]!, { target: { value: '2' } });
    expect(code()).toBe('42');
    expect(document.activeElement).toBe(boxes()[2]);
  });

  it('ignores letters', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: 'a' } });
    expect(code()).toBe('');
  });

  it('typing over a filled box replaces its digit', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123' } });
    fireEvent.change(boxes()[1]!, { target: { value: '29' } });
    expect(code()).toBe('193');
  });

  it('Backspace in an empty box goes back and clears the previous digit', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123' } });
    expect(document.activeElement).toBe(boxes()[3]);
    fireEvent.keyDown(boxes()[3]!, { key: 'Backspace' });
    expect(code()).toBe('12');
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(code()).toBe('1');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('arrow keys move between filled boxes', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '12' } });
    fireEvent.keyDown(boxes()[2]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(boxes()[2]);
  });
});
