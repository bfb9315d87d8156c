import { describe, expect, it } from 'vitest';
import { refusalOf } from './use-knowledge-file-actions';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('refusalOf (the files panel checks limits before uploading)', () => {
  it('lets files within the limits go', () => {
    expect(refusalOf([file('a.md', 10), file('b.pdf', 20)], 18)).toBeNull();
  });

  it('says how many more fit, or that the project is full', () => {
    expect(refusalOf([file('a.md', 1), file('b.md', 1)], 19)).toBe(
      'A project holds at most 20 files: 1 more can be added.',
    );
    expect(refusalOf([file('a.md', 1)], 20)).toBe(
      'This project already holds 20 files. Delete one to add another.',
    );
  });

  it('names the file that is too large or empty', () => {
    expect(refusalOf([file('big.pdf', 10 * 1024 * 1024 + 1)], 0)).toBe(
      'big.pdf is larger than 10 MB.',
    );
    expect(refusalOf([file('empty.txt', 0)], 0)).toBe('empty.txt is empty.');
  });
});
