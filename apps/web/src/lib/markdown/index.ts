export { Markdown, preloadMarkdown, type MarkdownProps } from './markdown';
export { normalizeMathDelimiters } from './math-delimiters';
