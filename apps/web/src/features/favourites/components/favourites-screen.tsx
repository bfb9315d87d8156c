import { Star } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function FavouritesScreen() {
  return (
    <PlaceholderScreen
      icon={Star}
      title="Favourites"
      description="The conversations you starred, one click away."
    />
  );
}
