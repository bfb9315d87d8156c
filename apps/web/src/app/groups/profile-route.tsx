import { ProfileScreen } from '../../features/users/components/profile-screen';
import { useThemeStore } from '../theme/theme-store';

/** The profile screen with the app's theme control (the theme lives in the app shell). */
export function ProfileRoute() {
  const choice = useThemeStore((s) => s.choice);
  const setChoice = useThemeStore((s) => s.setChoice);
  return <ProfileScreen theme={{ choice, setChoice }} />;
}
