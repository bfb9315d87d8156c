import { create } from 'zustand';
import { reconnectChatSocketNow } from '../features/chat';

/**
 * Whether the app can reach its server: the browser's own online flag, and the outcome of the
 * API calls (a call with no answer at all means the server is unreachable). While unreachable,
 * the health route is asked on a short clock, so the state clears itself when the server is
 * back, and the chat socket is told to reconnect at once rather than at its backoff's turn.
 */
interface ConnectivityState {
  browserOnline: boolean;
  apiReachable: boolean;
}

export const useConnectivity = create<ConnectivityState>()(() => ({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  apiReachable: true,
}));

const PROBE_DELAYS_MS = [1_000, 2_000, 3_000, 5_000];
const HEALTH_URL = `${import.meta.env.VITE_API_BASE ?? '/api/v1'}/health`;
let probing = false;

async function probeUntilReachable(): Promise<void> {
  if (probing) return;
  probing = true;
  try {
    for (let attempt = 0; !useConnectivity.getState().apiReachable; attempt += 1) {
      const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)] ?? 5_000;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (useConnectivity.getState().apiReachable) break;
      await askHealth();
    }
  } finally {
    probing = false;
  }
  reconnectChatSocketNow();
}

/** Told of every API exchange: its status, or null when nothing came back. */
export function noteApiOutcome(status: number | null): void {
  // A proxy's 502/504 in front of a stopped server is as good as no answer.
  const reachable = status !== null && status !== 502 && status !== 504;
  if (useConnectivity.getState().apiReachable === reachable) return;
  useConnectivity.setState({ apiReachable: reachable });
  if (!reachable) void probeUntilReachable();
}

/** Asks the server again at once (the notice's "Try now"). */
export function checkConnectionNow(): void {
  void askHealth();
  reconnectChatSocketNow();
}

/** Asks the health route, and notes whether the server answered. */
function askHealth(): Promise<void> {
  return fetch(HEALTH_URL, { cache: 'no-store' }).then(
    (res) => noteApiOutcome(res.ok ? res.status : null),
    () => noteApiOutcome(null),
  );
}

export function wireConnectivity(): void {
  window.addEventListener('offline', () => useConnectivity.setState({ browserOnline: false }));
  window.addEventListener('online', () => {
    useConnectivity.setState({ browserOnline: true });
    checkConnectionNow();
  });
}
