import { COMPARE_MAX_PANELS } from '@parallax/contract';
import { BookmarkPlus, Columns3, Copy, MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { NEW_THREAD, setDraftOf, useModels } from '../../chat';
import type { ComparePrefillState } from '../../compare';
import type { PromptVersion } from '../model/prompt-versions';
import { SaveTemplateDialog } from './save-template-dialog';

/** Compare tries a prompt on this many models: the one that wrote it and the next available. */
const COMPARE_MODELS = Math.min(3, COMPARE_MAX_PANELS);

/** What a finished version can become: a template, a new chat's draft, or a comparison. */
export function VersionActions({
  version,
  sessionTitle,
}: {
  version: PromptVersion;
  sessionTitle: string;
}) {
  const navigate = useNavigate();
  const { data: models = [] } = useModels();
  const [saving, setSaving] = useState(false);
  const text = version.text;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Prompt copied');
    } catch {
      toast.error('Could not copy the prompt');
    }
  };

  const useInNewChat = () => {
    setDraftOf(NEW_THREAD, text);
    void navigate('/', { state: { focusComposer: true } });
  };

  const testInCompare = () => {
    const usable = models.filter((m) => m.available);
    const writer = usable.find((m) => m.id === version.message.model);
    const others = usable.filter((m) => m !== writer);
    // Real models before the offline demo ones, so a comparison means something.
    others.sort((a, b) => Number(a.is_demo) - Number(b.is_demo));
    const chosen = [...(writer ? [writer] : []), ...others]
      .slice(0, COMPARE_MODELS)
      .map((m) => m.id);
    const state: ComparePrefillState = { comparePrefill: { prompt: text, models: chosen } };
    void navigate('/compare', { state });
  };

  return (
    <div
      className="flex flex-wrap gap-2"
      role="group"
      aria-label={`Version ${version.number} actions`}
    >
      <Button size="sm" variant="outline" onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden /> Copy
      </Button>
      <Button size="sm" variant="outline" onClick={() => setSaving(true)}>
        <BookmarkPlus className="size-4" aria-hidden /> Save as template
      </Button>
      <Button size="sm" variant="outline" onClick={useInNewChat}>
        <MessageSquarePlus className="size-4" aria-hidden /> Use in new chat
      </Button>
      <Button size="sm" variant="outline" onClick={testInCompare}>
        <Columns3 className="size-4" aria-hidden /> Test in compare
      </Button>
      {saving && (
        <SaveTemplateDialog
          open={saving}
          onOpenChange={setSaving}
          text={text}
          defaultTitle={sessionTitle}
        />
      )}
    </div>
  );
}
