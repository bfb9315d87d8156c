import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { useSearchPages, type SearchFilters } from '../api/search-history';
import { chatHitPath } from '../model/hit-path';
import { HitSummary } from './hit-summary';

/** Search results as a list of links (/chats): each opens its chat at the matching message. */
export function SearchResultList({ q, filters }: { q: string; filters: SearchFilters }) {
  const pages = useSearchPages(q, filters);
  const sentinel = useInfiniteScroll<HTMLDivElement>(pages);
  const hits = (pages.data?.pages ?? []).flatMap((p) => p.hits);

  if (pages.isPending)
    return (
      <div className="space-y-2" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  if (pages.isError)
    return <EmptyState icon={SearchX} title="Search failed" description={pages.error.message} />;
  if (hits.length === 0)
    return (
      <EmptyState
        icon={SearchX}
        title="No chats match your search"
        description="Try other words."
      />
    );
  return (
    <>
      <ul className="space-y-0.5" aria-label="Search results">
        {hits.map((hit, i) => {
          const path = chatHitPath(hit);
          return (
            path && (
              <li key={`${hit.kind}:${hit.message_id ?? hit.conversation_id}:${i}`}>
                <Link
                  to={path}
                  data-testid="search-hit"
                  className="flex gap-3 rounded-xl px-3 py-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <HitSummary hit={hit} />
                </Link>
              </li>
            )
          );
        })}
      </ul>
      <div ref={sentinel} className="flex justify-center py-4">
        {pages.isFetchingNextPage && <Spinner size="sm" label="Loading more results" />}
      </div>
    </>
  );
}
