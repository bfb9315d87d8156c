import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { plainSnippet, plainText } from '../untrusted-text';

export interface PageText {
  title: string;
  text: string;
}

const TITLE_CHARS = 300;

/**
 * The page's main text: Readability (Firefox's reader view) on a linkedom DOM; a page it finds
 * no article in gives its body's text. Scripts and styles never run and never count as text.
 */
export function extractPageText(html: string, url: string, maxChars: number): PageText {
  const { document } = parseHTML(html);
  document
    .querySelectorAll('script, style, noscript, template')
    .forEach((node: { remove(): void }) => node.remove());
  const fallbackTitle = plainSnippet(document.title || '', TITLE_CHARS);
  // Readability changes the document it reads: the body's text is taken first.
  const bodyText = document.body?.textContent ?? '';
  let article: { title?: string | null; textContent?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
  } catch {
    article = null;
  }
  const text = plainText(article?.textContent || bodyText, maxChars);
  const title =
    plainSnippet(article?.title || '', TITLE_CHARS) || fallbackTitle || new URL(url).hostname;
  return { title, text };
}
