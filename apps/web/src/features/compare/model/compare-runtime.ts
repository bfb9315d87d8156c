import type { QueryClient } from '@tanstack/react-query';
import { chatSocket } from '../../chat';
import { useLiveAnswers } from '../store/live-answers';
import { CompareStreamer } from './compare-streamer';

let streamer: CompareStreamer | null = null;
let queries: QueryClient | null = null;

export const sessionKey = (id: string) => ['compare', 'session', id] as const;

/** The app's one compare streamer on the chat socket; ended answers refetch their session. */
export function compareStreamer(queryClient: QueryClient): CompareStreamer {
  queries = queryClient;
  streamer ??= new CompareStreamer(chatSocket(), {
    publish: (answers) => useLiveAnswers.getState().put(answers),
    onEnd: () => {
      void queries?.invalidateQueries({ queryKey: ['compare', 'session'] });
    },
  });
  return streamer;
}

const SOCKET_WAIT_MS = 3_000;

/**
 * Waits (briefly) for the chat socket, so panel sends carry X-Connection-Id and stream; a send
 * without it still works, but answers only when the whole answer is done.
 */
export function socketReady(timeoutMs: number = SOCKET_WAIT_MS): Promise<void> {
  const socket = chatSocket();
  if (socket.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const stop = socket.onState((state) => {
      if (state === 'connected' || state === 'error') done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
