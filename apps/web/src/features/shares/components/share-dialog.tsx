import {
  SHARE_EXPIRIES,
  type Share,
  type ShareExpiry,
  type ShareOptions,
  type ShareSourceKind,
} from '@parallax/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Modal } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import { useDeleteShare } from '../api/delete-share';
import { useShareOf } from '../api/lookup-share';
import { useSaveShare } from '../api/save-share';

export const EXPIRY_LABELS: Record<ShareExpiry, string> = {
  never: 'Never',
  '1d': 'After 1 day',
  '7d': 'After 7 days',
  '30d': 'After 30 days',
};

const DEFAULTS: ShareOptions = {
  show_owner_name: false,
  include_attachments: false,
  expiry: 'never',
  allow_indexing: false,
  reveal_models: false,
};

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

function optionsOf(share: Share): ShareOptions {
  return {
    show_owner_name: share.show_owner_name,
    include_attachments: share.include_attachments,
    expiry: share.expiry,
    allow_indexing: share.allow_indexing,
    reveal_models: share.reveal_models,
  };
}

interface ShareDialogProps {
  kind: ShareSourceKind;
  sourceId: string;
  open: boolean;
  onClose: () => void;
}

function OptionSwitch(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {props.label}
        </p>
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {props.hint}
        </p>
      </div>
      <Switch
        checked={props.checked}
        onCheckedChange={props.onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/**
 * Share of a chat or a comparison: a read-only snapshot at a link, with what it shows and how
 * long it lives. Updating takes the snapshot again (later turns show); deleting ends the link.
 */
export function ShareDialog({ kind, sourceId, open, onClose }: ShareDialogProps) {
  const existing = useShareOf(kind, sourceId, open);
  const save = useSaveShare();
  const remove = useDeleteShare();
  const [options, setOptions] = useState<ShareOptions>(DEFAULTS);
  const share = existing.data ?? null;
  const expiryId = useId();

  useEffect(() => {
    if (open) setOptions(share ? optionsOf(share) : DEFAULTS);
  }, [open, share]);

  const set = <K extends keyof ShareOptions>(key: K, value: ShareOptions[K]) =>
    setOptions((o) => ({ ...o, [key]: value }));

  const submit = () =>
    save.mutate(
      { id: share?.id ?? null, body: { kind, source_id: sourceId, ...options } },
      {
        onSuccess: () => toast.success(share ? 'Link updated' : 'Link created'),
        onError: (e) => toast.error('Could not save the link', reason(e)),
      },
    );

  const deleteLink = () => {
    if (!share) return;
    remove.mutate(share.id, {
      onSuccess: () => toast.success('Link deleted', 'It no longer opens for anyone.'),
      onError: (e) => toast.error('Could not delete the link', reason(e)),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={kind === 'comparison' ? 'Share this comparison' : 'Share this chat'}
      description="Anyone with the link can read a snapshot of it as it is now, and continue it as a chat of their own. Later turns show once you update the link."
    >
      {existing.isLoading ? (
        <Spinner />
      ) : (
        <div className="mt-4 space-y-3">
          {share && (
            <div className="flex items-center gap-2">
              <input
                readOnly
                value={share.url}
                aria-label="Share link"
                onFocus={(e) => e.currentTarget.select()}
                className="h-10 min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 text-sm"
              />
              <CopyButton text={share.url} label="Copy share link" />
            </div>
          )}
          <div className="divide-y divide-line">
            <OptionSwitch
              label="Show my name"
              hint="The page says who shared it."
              checked={options.show_owner_name}
              onChange={(v) => set('show_owner_name', v)}
            />
            {kind === 'conversation' && (
              <OptionSwitch
                label="Include attachments"
                hint="The names of files you sent are listed."
                checked={options.include_attachments}
                onChange={(v) => set('include_attachments', v)}
              />
            )}
            {kind === 'comparison' && (
              <OptionSwitch
                label="Name the models"
                hint="A blind comparison shows Model A, B… unless you reveal them here."
                checked={options.reveal_models}
                onChange={(v) => set('reveal_models', v)}
              />
            )}
            <OptionSwitch
              label="Let search engines index it"
              hint="Off: the page asks not to be indexed."
              checked={options.allow_indexing}
              onChange={(v) => set('allow_indexing', v)}
            />
            <div className="flex items-center justify-between gap-4 py-2">
              <label htmlFor={expiryId} className="text-sm font-medium">
                Link expires
              </label>
              <select
                id={expiryId}
                value={options.expiry}
                onChange={(e) => set('expiry', e.currentTarget.value as ShareExpiry)}
                className="h-10 rounded-xl border border-line bg-surface px-3 text-sm"
              >
                {SHARE_EXPIRIES.map((e) => (
                  <option key={e} value={e}>
                    {EXPIRY_LABELS[e]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            {share && (
              <Button variant="danger" loading={remove.isPending} onClick={deleteLink}>
                Delete link
              </Button>
            )}
            <Button loading={save.isPending} onClick={submit}>
              {share ? 'Update link' : 'Create link'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
