import { useSyncExternalStore } from 'react';
import { SIGNED_IN_EVENT, endSession, noteStreamActivity, useAuthStore } from '../../auth';
import { ChatSocket, socketBaseUrl, type SocketIdentity, type SocketState } from '../../../lib/ws';
import { getVisitorId } from '../../../lib/visitor-id';
import { errorLogger } from '../../../lib/telemetry/error-logger';

function currentIdentity(): SocketIdentity {
  const { isAuthenticated, user, accessToken } = useAuthStore.getState();
  if (isAuthenticated && user && accessToken) return { userId: user.id, accessToken };
  return { userId: getVisitorId(), accessToken: null };
}

let socket: ChatSocket | null = null;
const createdListeners = new Set<() => void>();

/**
 * The app's one chat socket, opened on first use. A visitor's socket is replaced by the
 * user's after sign-in (spec §4), and by a visitor's again after sign-out.
 */
export function chatSocket(): ChatSocket {
  if (socket) return socket;
  const created = new ChatSocket({ baseUrl: socketBaseUrl(), identity: currentIdentity });
  socket = created;
  created.onState((state) => errorLogger.addBreadcrumb('websocket', state));
  // The socket speaks for the signed-in user: their answers streaming in keep the session alive.
  created.onEvent((event) => {
    if (event.type === 'tokens' || event.type === 'progress') noteStreamActivity();
  });
  // The server ended this sign-in (Settings on another device, a password change): the page
  // shows the signed-out state now, not at its next API call. Ending the session reconnects
  // the socket as the visitor.
  created.onSignedOut(() => endSession('revoked'));
  window.addEventListener(SIGNED_IN_EVENT, () => created.reconnectAs());
  let signedIn = useAuthStore.getState().isAuthenticated;
  useAuthStore.subscribe((state) => {
    if (state.isAuthenticated === signedIn) return;
    signedIn = state.isAuthenticated;
    // Sign-in already reconnects through the event; this covers sign-out and expiry.
    if (!signedIn) created.reconnectAs();
  });
  created.connect();
  for (const listener of createdListeners) listener();
  return created;
}

/** Retries the chat socket at once, if one is open and waiting to reconnect. */
export function reconnectChatSocketNow(): void {
  socket?.reconnectNow();
}

function subscribeOpenSocket(onChange: () => void): () => void {
  let offState = socket?.onState(onChange);
  const onCreated = () => {
    offState?.();
    offState = socket?.onState(onChange);
    onChange();
  };
  createdListeners.add(onCreated);
  return () => {
    createdListeners.delete(onCreated);
    offState?.();
  };
}

/** The chat socket's state once a screen has opened it (null before): never opens one itself. */
export function useOpenSocketState(): SocketState | null {
  return useSyncExternalStore(subscribeOpenSocket, () => socket?.state ?? null);
}

export function useSocketState(): SocketState {
  const s = chatSocket();
  return useSyncExternalStore(
    (onChange) => s.onState(onChange),
    () => s.state,
  );
}
