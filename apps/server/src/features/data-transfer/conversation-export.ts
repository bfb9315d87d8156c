import type {
  ChatMessage,
  Conversation,
  ExportedConversation,
  ExportedTurn,
} from '@parallax/contract';

/** One stored turn as the export file holds it; `path` names its file inside the account zip. */
export function toExportedTurn(
  message: ChatMessage,
  pathOf?: (attachmentId: string, filename: string) => string,
): ExportedTurn {
  return {
    content: message.content,
    response: message.response,
    provider: message.provider,
    model: message.model,
    model_friendly_name: message.model_friendly_name,
    status: message.status,
    created_at: message.created_at,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.content_type,
      size: a.size,
      ...(pathOf ? { path: pathOf(a.id, a.filename) } : {}),
    })),
    ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
    ...(message.citations?.length ? { citations: message.citations } : {}),
  };
}

export function toExportedConversation(
  conversation: Conversation,
  turns: ExportedTurn[],
  options: Pick<ExportedConversation, 'settings' | 'personalization_enabled'> = {},
): ExportedConversation {
  return {
    id: conversation.id,
    title: conversation.title,
    kind: conversation.kind,
    is_favourite: conversation.is_favourite,
    project_id: conversation.project_id,
    created_at: conversation.created_at,
    updated_at: conversation.updated_at,
    turns,
    ...options,
  };
}

/** A readable transcript: the title, then each turn's question and answer under headings. */
export function toMarkdown(conversation: ExportedConversation): string {
  const lines = [
    `# ${conversation.title}`,
    '',
    `_Exported from Parallax · ${conversation.created_at}_`,
  ];
  for (const turn of conversation.turns) {
    lines.push('', `## You · ${turn.created_at}`, '', turn.content);
    for (const file of turn.attachments) lines.push('', `- 📎 ${file.filename}`);
    const who = turn.model_friendly_name ?? turn.model ?? 'Assistant';
    lines.push('', `## ${who}`, '', turn.response ?? `_(no answer: ${turn.status})_`);
    if (turn.citations?.length) {
      lines.push('', 'Sources:');
      for (const c of turn.citations)
        lines.push(`${c.index}. [${markdownLabel(c.title)}](<${c.url}>) · ${c.site}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A file name for the download: the title's letters and digits, never a path. */
export function exportFileName(title: string, extension: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'chat'}.${extension}`;
}

/** A link's text as markdown shows it literally (a title is untrusted text from the web). */
function markdownLabel(text: string): string {
  return text.replace(/[\\[\]<>*_`]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}
