import { useAuthStore } from '../../features/auth';
import { useThemeStore } from './theme-store';

/**
 * A signed-in user's saved theme (profile preferences) follows them to every device: when a
 * user signs in or their profile loads, their saved choice replaces this device's. Later
 * changes on the device are the user's own and stay until the next sign-in.
 */
export function followAccountTheme(): () => void {
  let appliedFor: string | null = null;
  const apply = () => {
    const user = useAuthStore.getState().user;
    const theme = user?.preferences?.theme;
    if (!user) appliedFor = null;
    if (!user || !theme || appliedFor === user.id) return;
    appliedFor = user.id;
    if (useThemeStore.getState().choice !== theme) useThemeStore.getState().setChoice(theme);
  };
  apply();
  return useAuthStore.subscribe(apply);
}
