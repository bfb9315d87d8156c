import { FlaskConical } from 'lucide-react';
import { useFeatureFlag } from '../hooks/use-feature-flags';

/**
 * While the mock API flag is on, every chat and comparison is answered by the offline demo
 * model (README "Feature flags"); users are told so, since the model they pick does not answer.
 */
export function MockApiNotice() {
  const mockApi = useFeatureFlag('mock_api');
  if (!mockApi) return null;
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      Demo mode: every answer comes from the offline demo model, whichever model you pick.
    </p>
  );
}
