import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** No favourites yet: where the star is, so the page teaches how to fill it. */
export function FavouritesEmpty() {
  return (
    <EmptyState
      icon={Star}
      title="No favourites yet"
      description={
        <>
          Star a chat with the{' '}
          <Star className="inline size-3.5 align-[-2px]" aria-label="star" role="img" /> in its
          header, on its row in Chats or in the sidebar, or star a comparison in Compare. Starred
          chats and comparisons stay here, one click away.
        </>
      }
      action={
        <Link to="/chats" className={buttonClasses('outline')}>
          Go to your chats
        </Link>
      }
    />
  );
}
