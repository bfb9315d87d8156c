import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { useSocketState } from '../../chat';
import { GeneratorFormCard } from './generator-form';
import { GeneratorSession } from './generator-session';
import { GeneratorSessionList } from './session-list';

/**
 * /prompt-generator: describe a need, get a structured prompt, refine it into versions, and
 * take a version on to a template, a new chat or a comparison. `?session=` opens a session.
 */
export function PromptGeneratorScreen() {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session');
  // Opened with the page, not at the first send: a send made without a live socket is answered
  // only once complete, and a generation should stream in.
  useSocketState();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Prompt generator</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Describe what you need and get a well-structured prompt to start from.
          </p>
        </div>
        {sessionId && (
          <Link to="/prompt-generator" className={buttonClasses('outline', 'sm')}>
            <Plus className="size-4" aria-hidden /> New prompt
          </Link>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] [&>*]:min-w-0">
        {sessionId ? (
          <GeneratorSession key={sessionId} sessionId={sessionId} />
        ) : (
          <GeneratorFormCard onStarted={(id) => setParams({ session: id })} />
        )}
        <GeneratorSessionList activeId={sessionId} />
      </div>
    </div>
  );
}
