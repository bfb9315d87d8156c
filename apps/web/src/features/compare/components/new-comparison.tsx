import {
  COMPARE_MAX_PANELS,
  COMPARE_MIN_PANELS,
  type CompareSession,
  type ModelInfo,
} from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { useAuth } from '../../auth';
import { useCurrentPlan } from '../../billing';
import { unavailableText, useModels } from '../../chat';
import { createSession } from '../api/create-session';
import { startBattle } from '../api/start-battle';
import { WebSearchToggleButton } from '../../chat-settings';
import { useCompareWebSearch } from '../hooks/use-compare-web-search';
import { sendTurn } from '../model/compare-actions';
import { readComparePrefill } from '../model/compare-prefill';
import { sessionKey } from '../model/compare-runtime';
import { useCompareChoice } from '../store/model-choice';
import { NEW_COMPARISON, useCompareWebSearchStore } from '../store/web-search';

/** Pick 2–6 models (remembered), blind or not, and one prompt for all of them. */
export function NewComparison() {
  const { data: models = [], isLoading } = useModels();
  const { isAdmin } = useAuth();
  const plan = useCurrentPlan();
  const maxPanels = Math.min(plan?.compare_panels ?? COMPARE_MAX_PANELS, COMPARE_MAX_PANELS);
  const { models: chosen, blind, setModels, setBlind } = useCompareChoice();
  const location = useLocation();
  // Another screen's "Test in compare" hands over a prompt and models; read once, on arrival.
  const [prefill] = useState(() => readComparePrefill(location.state));
  const [prompt, setPrompt] = useState(prefill?.prompt ?? '');
  useEffect(() => {
    if (prefill?.models.length) setModels(prefill.models);
  }, [prefill, setModels]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const webSearch = useCompareWebSearch(NEW_COMPARISON);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const usable = models.filter((m) => m.available);
  // A remembered choice from a bigger plan is cut to what this plan compares.
  const selected = chosen.filter((id) => usable.some((m) => m.id === id)).slice(0, maxPanels);

  const toggle = (model: ModelInfo) => {
    if (selected.includes(model.id)) setModels(selected.filter((id) => id !== model.id));
    else if (selected.length < maxPanels) setModels([...selected, model.id]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.length < COMPARE_MIN_PANELS) return;
    return start(() => createSession(selected, blind));
  };

  /** "Random battle": the server picks two models, blind, where the arena is least certain. */
  const start = async (open: () => Promise<CompareSession>) => {
    const text = prompt.trim();
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = await open();
      queryClient.setQueryData(sessionKey(session.id), session);
      // The session keeps the toggle its first turn was sent with.
      useCompareWebSearchStore.getState().set(session.id, webSearch.toggle.on);
      const sent = await sendTurn(queryClient, session, text, webSearch.toggle.on);
      if (sent) {
        setPrompt('');
        void navigate(`/compare/${session.id}`);
      }
    } catch {
      setError('The comparison could not be started. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-4 rounded-2xl border border-line bg-surface p-4"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">
          Models ({selected.length}/{maxPanels}, at least {COMPARE_MIN_PANELS})
        </legend>
        {isLoading && <p className="text-sm text-fg-muted">Loading models…</p>}
        <div className="flex flex-wrap gap-2">
          {models.map((model) => (
            <label
              key={model.id}
              className="inline-flex max-w-full min-w-0 cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2 has-[:disabled]:opacity-60"
              title={unavailableText(model, isAdmin) ?? model.friendly_name}
            >
              <input
                type="checkbox"
                checked={selected.includes(model.id)}
                disabled={
                  !model.available || (!selected.includes(model.id) && selected.length >= maxPanels)
                }
                onChange={() => toggle(model)}
              />
              <span className="truncate">{model.friendly_name}</span>
            </label>
          ))}
        </div>
        {plan && maxPanels < COMPARE_MAX_PANELS && selected.length >= maxPanels && (
          <p className="mt-2 text-sm text-fg-muted">
            The {plan.name} plan compares up to {maxPanels} models at once.{' '}
            <Link
              to="/pricing"
              className="font-medium text-accent underline-offset-2 hover:underline"
            >
              See plans
            </Link>
          </p>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 shrink-0"
          checked={blind}
          onChange={(e) => setBlind(e.target.checked)}
        />
        Blind mode (names hidden and order shuffled until you vote)
      </label>
      <textarea
        aria-label="Compare prompt"
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) void submit(e);
        }}
        rows={3}
        placeholder="One prompt, sent to every model at once"
        className="w-full resize-y rounded-xl border border-line bg-surface-2 p-3 text-sm"
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          disabled={busy || selected.length < COMPARE_MIN_PANELS || !prompt.trim()}
        >
          {busy ? 'Starting…' : `Compare ${selected.length} models`}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy || !prompt.trim()}
          onClick={() => void start(startBattle)}
          title="Two models picked for you, names hidden until you vote"
        >
          Random battle
        </Button>
        {webSearch.available && <WebSearchToggleButton toggle={webSearch.toggle} />}
      </div>
    </form>
  );
}
