/**
 * Raised on window after every sign-in (password, code, Google, Apple) with the user id as
 * detail; the websocket client listens to replace its visitor connection (spec §4).
 */
export const SIGNED_IN_EVENT = 'parallax:signed-in';

export function emitSignedIn(userId: string): void {
  window.dispatchEvent(new CustomEvent<string>(SIGNED_IN_EVENT, { detail: userId }));
}
