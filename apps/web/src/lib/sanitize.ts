import DOMPurify from 'dompurify';

/**
 * The text sanitiser of spec §5. A dedicated DOMPurify instance so the link hook below never
 * leaks into other users of the library.
 */
const purifier = DOMPurify(window);

const SAFE_LINK_PROTOCOL = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href !== null && !SAFE_LINK_PROTOCOL.test(href.trim())) node.removeAttribute('href');
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'link',
    'meta',
    'base',
  ],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

export function sanitizeHtml(dirty: string): string {
  return purifier.sanitize(dirty, CONFIG);
}

// The spec §5 validators live beside the sanitiser's contract but in their own module, so forms
// can use them without pulling DOMPurify into their chunk.
export { validateEmail, validateRequired, validateUrl } from './validate';
