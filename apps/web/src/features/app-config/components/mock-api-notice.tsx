import { FlaskConical } from 'lucide-react';
import { useEffect } from 'react';
import { useFeatureFlag } from '../hooks/use-feature-flags';

/** The bar's height, one line at every width; full-height screens subtract it (styles.css). */
const NOTICE_HEIGHT = '2rem';

/**
 * While the mock API flag is on, every chat and comparison is answered by the offline demo
 * model (README "Feature flags"); users are told so, since the model they pick does not answer.
 */
export function MockApiNotice() {
  const mockApi = useFeatureFlag('mock_api');
  useEffect(() => {
    if (!mockApi) return;
    const root = document.documentElement.style;
    root.setProperty('--app-notice-h', NOTICE_HEIGHT);
    return () => {
      root.removeProperty('--app-notice-h');
    };
  }, [mockApi]);
  if (!mockApi) return null;
  return (
    <p
      role="status"
      style={{ height: NOTICE_HEIGHT }}
      className="flex shrink-0 items-center justify-center gap-2 overflow-hidden border-b border-amber-200 bg-amber-50 px-4 text-xs whitespace-nowrap text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate sm:hidden">Demo mode: answers come from the demo model.</span>
      <span className="hidden truncate sm:inline">
        Demo mode: every answer comes from the offline demo model, whichever model you pick.
      </span>
    </p>
  );
}
