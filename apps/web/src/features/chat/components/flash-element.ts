const FLASH_MS = 2_400;

/** The brief glow that says "this one": an animation, so nothing in React's tree changes. */
export function flashElement(el: Element): void {
  const glow = 'color-mix(in oklch, var(--accent) 18%, transparent)';
  el.animate(
    [
      { backgroundColor: glow, boxShadow: `0 0 0 8px ${glow}`, borderRadius: '12px' },
      { backgroundColor: 'transparent', boxShadow: '0 0 0 8px transparent', borderRadius: '12px' },
    ],
    { duration: FLASH_MS, easing: 'ease-in' },
  );
}
