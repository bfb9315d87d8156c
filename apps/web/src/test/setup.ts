import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { UnconnectedWebSocket } from './unconnected-web-socket';

// The app's chat socket would otherwise open a real connection to the page's origin
// (http://localhost:3000): a developer's running server there answers it, and Node's own
// WebSocket then throws as it dispatches its events into jsdom's. No test reaches a server
// through the global WebSocket (the socket's own tests give it one).
globalThis.WebSocket = UnconnectedWebSocket as unknown as typeof WebSocket;

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
