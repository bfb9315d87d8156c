export { Markdown, type MarkdownProps } from './markdown';
export { normalizeMathDelimiters } from './math-delimiters';
