import { WEBSOCKET, reconnectDelayMs } from '@parallax/contract';

/**
 * Delay before reconnect attempt `attempt` (0-based): the contract's 1 s × 1.5^n capped at
 * 30 s, then spread by ±20% so a server restart is not met by every client in the same instant.
 */
export function jitteredReconnectDelayMs(
  attempt: number,
  random: () => number = Math.random,
  jitter: number = WEBSOCKET.reconnectJitter,
): number {
  const base = reconnectDelayMs(attempt);
  const spread = (random() * 2 - 1) * jitter;
  return Math.round(base * (1 + spread));
}
