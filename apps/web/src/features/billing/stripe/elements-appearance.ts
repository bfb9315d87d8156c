import type { Appearance } from '@stripe/stripe-js';

/**
 * Stripe Elements render in Stripe's own iframes, out of reach of the page's CSS, so the theme
 * is passed in. Hex approximations of styles.css's oklch tokens: Stripe's appearance API takes
 * hex, rgb and hsl colours only.
 */
const LIGHT = {
  colorPrimary: '#4f46e5',
  colorBackground: '#ffffff',
  colorText: '#1c1b22',
  colorTextSecondary: '#5d5c68',
  colorDanger: '#dc2626',
};
const DARK = {
  colorPrimary: '#8f8cf2',
  colorBackground: '#1c1c21',
  colorText: '#f3f3f5',
  colorTextSecondary: '#b3b3bb',
  colorDanger: '#f87171',
};

export function elementsAppearance(dark: boolean): Appearance {
  return {
    theme: dark ? 'night' : 'stripe',
    variables: {
      ...(dark ? DARK : LIGHT),
      fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
      borderRadius: '12px',
    },
  };
}

/** Whether the page shows the dark theme now (the class theme-init.js and the theme store set). */
export function pageIsDark(): boolean {
  return document.documentElement.classList.contains('dark');
}
