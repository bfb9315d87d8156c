import { useCallback, useEffect, useRef, useState } from 'react';
import { applyPieces } from '../../../lib/ws/stream-text';
import { chatSocket } from '../../chat';

/** An answer arriving on the chat socket: its text so far. */
export interface LiveAnswer {
  text: string;
  /** The sequence of the last token in `text`: a replay's repeats are skipped. */
  sequence: number;
  /** Its stream ended: the text stays shown until the stored turn is read again. */
  done: boolean;
}

const waiting: LiveAnswer = { text: '', sequence: 0, done: false };

/**
 * The vault chat's answers streaming on the app's chat socket, like every chat's: tokens are
 * gathered per message until its stream ends (completed, cancelled, failed, or unknown to the
 * server), and `onEnded` is told, so the stored (sealed, then opened) turn is read again.
 */
export function useLiveAnswers(onEnded: (messageId: string) => void) {
  const [answers, setAnswers] = useState<ReadonlyMap<string, LiveAnswer>>(new Map());
  const followed = useRef(new Set<string>());
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    const socket = chatSocket();
    const end = (messageId: string) => {
      if (!followed.current.delete(messageId)) return;
      socket.untrack(messageId);
      setAnswers((current) => {
        const last = current.get(messageId);
        return last ? new Map(current).set(messageId, { ...last, done: true }) : current;
      });
      ended.current(messageId);
    };
    return socket.onEvent((event) => {
      if (event.type === 'tokens') {
        const mine = event.batches.filter((b) => followed.current.has(b.messageId));
        if (mine.length === 0) return;
        setAnswers((current) => {
          const next = new Map(current);
          for (const batch of mine) {
            const shown = applyPieces(next.get(batch.messageId) ?? waiting, batch.pieces);
            // A hole (tokens this screen never got) is filled from the stored turn at the end.
            next.set(batch.messageId, { text: shown.text, sequence: shown.sequence, done: false });
          }
          return next;
        });
      } else if (event.type === 'status') {
        if (event.status === 'completed' || event.status === 'error') end(event.messageId);
      } else if (event.type === 'error' && event.messageId !== undefined) {
        // Also "not found": the replay log goes when a vault answer ends, so a late resume
        // learns the end from the stored turn.
        end(event.messageId);
      }
    });
  }, []);

  /** Follows a turn about to be sent: tracked first, so its first tokens are not missed. */
  const follow = useCallback((messageId: string) => {
    followed.current.add(messageId);
    setAnswers((current) => new Map(current).set(messageId, waiting));
    chatSocket().track(messageId);
  }, []);

  /** Picks up a turn still streaming (a reload, a reopened chat): every token from the first. */
  const resume = useCallback((messageId: string) => {
    if (followed.current.has(messageId) || answersRef.current.get(messageId)?.done) return;
    followed.current.add(messageId);
    setAnswers((current) => new Map(current).set(messageId, waiting));
    chatSocket().resume(messageId, 0);
  }, []);

  /** Stops following (the send was refused, or answered without the socket). */
  const forget = useCallback((messageId: string) => {
    followed.current.delete(messageId);
    chatSocket().untrack(messageId);
    setAnswers((current) => {
      const next = new Map(current);
      next.delete(messageId);
      return next;
    });
  }, []);

  return { answers, follow, resume, forget };
}
