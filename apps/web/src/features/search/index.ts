// What the app shell and other features may use of search (the palette itself loads lazily).
export { usePalette, openPalette } from './store/palette-store';
export { SearchResultList } from './components/search-result-list';
export type { SearchFilters } from './api/search-history';
export type { PaletteAction } from './model/palette-items';
