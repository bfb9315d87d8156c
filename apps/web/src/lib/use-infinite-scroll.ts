import { useEffect, useRef } from 'react';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll: returns a ref for an element below the list; when it comes within 200 px
 * of the viewport the next page loads.
 */
export function useInfiniteScroll<T extends Element>({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: PagedQuery) {
  const sentinel = useRef<T>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}
