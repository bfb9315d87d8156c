import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../ui/spinner';
import { continueShare } from '../api/continue-share';

/**
 * /share/{token}/continue, where the shared page's "Continue this chat" leads: copies the
 * snapshot into the viewer's chats (a visitor's too) and opens the copy.
 */
export function ContinueShareScreen() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode's second effect run must not make a second copy.
    if (started.current) return;
    started.current = true;
    const panel = Number.parseInt(search.get('panel') ?? '0', 10);
    continueShare(token, Number.isInteger(panel) && panel >= 0 && panel <= 5 ? panel : 0).then(
      (id) => void navigate(`/chats/${encodeURIComponent(id)}`, { replace: true }),
      () => setFailed(true),
    );
  }, [token, search, navigate]);

  if (!failed)
    return (
      <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16">
        <Spinner size="lg" className="text-accent" />
        <h1 className="text-lg font-medium">Copying the shared chat…</h1>
      </div>
    );
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">This link is not available</h1>
      <p className="mt-2 text-sm text-fg-muted">
        It may have expired, or the person who shared it removed it or the chat.
      </p>
      <Link to="/" className="mt-6 inline-block font-medium text-accent underline">
        Start a new chat
      </Link>
    </div>
  );
}
