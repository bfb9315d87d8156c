/* global window, document */
// Applies the saved theme before first paint (kept in sync with src/app/theme/theme-store.ts).
(function () {
  var choice = 'system';
  try {
    var saved = localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') choice = saved;
  } catch {
    /* storage blocked: fall back to the system preference */
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
