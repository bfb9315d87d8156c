// What the app shell and other features may use of favourites.
export { setFavourite } from './api/set-favourite';
