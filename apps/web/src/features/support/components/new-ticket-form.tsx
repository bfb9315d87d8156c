import {
  SUPPORT_CATEGORIES,
  SUPPORT_LIMITS,
  type SupportAttachment,
  type SupportCategory,
  type SupportTicketDetail,
} from '@parallax/contract';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input, Textarea } from '../../../ui/input';
import { useRecentConversations } from '../../conversations';
import { createTicket } from '../api/support-api';
import { CATEGORY_LABELS } from '../model/support-labels';
import { AttachmentPicker } from './attachment-picker';

const SELECT =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg focus:border-accent focus:outline-none';

/** The new-ticket form; an Error ID from an error screen arrives filled in. */
export function NewTicketForm({
  initialErrorId,
  onCreated,
  onCancel,
}: {
  initialErrorId: string;
  onCreated: (ticket: SupportTicketDetail) => void;
  onCancel: () => void;
}) {
  const conversations = useRecentConversations();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory>(initialErrorId ? 'bug' : 'other');
  const [message, setMessage] = useState('');
  const [conversationId, setConversationId] = useState('');
  const [errorId, setErrorId] = useState(initialErrorId);
  const [files, setFiles] = useState<SupportAttachment[]>([]);
  const [problems, setProblems] = useState<{ subject?: string; message?: string; form?: string }>(
    {},
  );
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const found = {
      ...(subject.trim() ? {} : { subject: 'Enter a subject.' }),
      ...(message.trim() ? {} : { message: 'Enter a message.' }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      onCreated(
        await createTicket({
          subject,
          category,
          message,
          conversation_id: conversationId || null,
          error_id: errorId.trim() || null,
          attachment_ids: files.map((f) => f.id),
        }),
      );
    } catch (e) {
      setProblems({ form: e instanceof Error ? e.message : 'Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      aria-label="New ticket"
      className="space-y-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="text-lg font-semibold">New ticket</h2>
      <div>
        <label htmlFor="ticket-subject" className="mb-1.5 block text-sm font-medium">
          Subject
        </label>
        <Input
          id="ticket-subject"
          value={subject}
          maxLength={SUPPORT_LIMITS.subjectMaxChars}
          aria-invalid={problems.subject !== undefined}
          aria-describedby={problems.subject ? 'ticket-subject-error' : undefined}
          onChange={(e) => setSubject(e.target.value)}
        />
        <FieldError id="ticket-subject-error" message={problems.subject ?? null} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="ticket-category" className="mb-1.5 block text-sm font-medium">
            Category
          </label>
          <select
            id="ticket-category"
            className={SELECT}
            value={category}
            onChange={(e) => setCategory(e.target.value as SupportCategory)}
          >
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ticket-conversation" className="mb-1.5 block text-sm font-medium">
            About a conversation (optional)
          </label>
          <select
            id="ticket-conversation"
            className={SELECT}
            value={conversationId}
            onChange={(e) => setConversationId(e.target.value)}
          >
            <option value="">None</option>
            {(conversations.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="ticket-error-id" className="mb-1.5 block text-sm font-medium">
          Error ID (optional)
        </label>
        <Input
          id="ticket-error-id"
          value={errorId}
          maxLength={SUPPORT_LIMITS.errorIdMaxChars}
          className="font-mono"
          onChange={(e) => setErrorId(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="ticket-message" className="mb-1.5 block text-sm font-medium">
          Message
        </label>
        <Textarea
          id="ticket-message"
          rows={6}
          value={message}
          maxLength={SUPPORT_LIMITS.messageMaxChars}
          placeholder="What happened, and what did you expect? Markdown works."
          aria-invalid={problems.message !== undefined}
          aria-describedby={problems.message ? 'ticket-message-error' : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FieldError id="ticket-message-error" message={problems.message ?? null} />
      </div>
      <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />
      <FieldError id="ticket-form-error" message={problems.form ?? null} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending}>
          Send ticket
        </Button>
      </div>
    </form>
  );
}
