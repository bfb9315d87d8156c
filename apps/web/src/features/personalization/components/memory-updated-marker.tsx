import { rememberedFact } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { BookmarkCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { memoryFrom, memoryFromKey } from '../api/personalization-api';
import { useInVault } from './use-in-vault';

/**
 * "Memory updated" under an answer whose question asked to remember something and saved it
 * (the server saves it with the turn; asked only for such questions, once the answer is done).
 */
export function MemoryUpdatedMarker({
  messageId,
  question,
  done,
}: {
  messageId: string;
  question: string | undefined;
  done: boolean;
}) {
  const { user } = useAuth();
  const inVault = useInVault();
  const asks = question !== undefined && rememberedFact(question) !== null;
  const saved = useQuery({
    queryKey: memoryFromKey(messageId),
    queryFn: () => memoryFrom(messageId),
    enabled: user !== null && !inVault && asks && done,
    staleTime: Infinity,
  });
  if (!saved.data) return null;
  return (
    <p
      className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-fg"
      data-testid="memory-updated"
    >
      <BookmarkCheck className="size-3.5" aria-hidden />
      Memory updated
      <Link to="/settings#memory" className="underline underline-offset-2">
        Manage memory
      </Link>
    </p>
  );
}
