import {
  CONVERSATION_DEFAULT_TITLE,
  CONVERSATION_TITLE_MAX_CHARS,
  DATA_TRANSFER_LIMITS,
  type ExportedConversation,
  type ExportedTurn,
} from '@parallax/contract';
import { z } from 'zod';
import { ImportFileError, type ImportPlan } from './import-plan';

/*
 * ChatGPT's data export (conversations.json): an array of conversations, each a tree of
 * messages (`mapping`: node id → { message, parent, children }) whose `current_node` is the
 * leaf of the branch the person last saw. That branch, walked up through the parents and
 * turned around, is the conversation; edits and regenerations on other branches are left out.
 */

const Seconds = z.number().finite().nullable().optional();

const GptMessage = z.looseObject({
  author: z.looseObject({ role: z.string() }),
  create_time: Seconds,
  content: z
    .looseObject({ parts: z.array(z.unknown()).optional(), text: z.unknown().optional() })
    .optional(),
  metadata: z
    .looseObject({
      model_slug: z.unknown().optional(),
      is_visually_hidden_from_conversation: z.unknown().optional(),
    })
    .optional(),
});

const GptNode = z.looseObject({
  message: GptMessage.nullable().optional(),
  parent: z.string().nullable().optional(),
});

const GptConversation = z.looseObject({
  title: z.string().nullable().optional(),
  create_time: Seconds,
  update_time: Seconds,
  mapping: z.record(z.string(), GptNode),
  current_node: z.string().nullable().optional(),
});

export const ChatGptExport = z.array(GptConversation);

/** True when the JSON looks like ChatGPT's export (an array of objects with a mapping). */
export function isChatGptExport(json: unknown): boolean {
  return (
    Array.isArray(json) &&
    json.length > 0 &&
    typeof json[0] === 'object' &&
    json[0] !== null &&
    'mapping' in json[0]
  );
}

type GptMessage = z.infer<typeof GptMessage>;

function textOf(message: GptMessage): string {
  const content = message.content;
  if (!content) return '';
  const parts = content.parts ?? (typeof content.text === 'string' ? [content.text] : []);
  return parts
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .trim()
    .slice(0, DATA_TRANSFER_LIMITS.importMaxTextChars);
}

function isoFrom(seconds: number | null | undefined, fallback: string): string {
  if (typeof seconds !== 'number') return fallback;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
}

/** The current branch, root first; a loop in the parent links ends the walk. */
function currentBranch(conversation: z.infer<typeof GptConversation>): GptMessage[] {
  const branch: GptMessage[] = [];
  const seen = new Set<string>();
  let id = conversation.current_node ?? null;
  while (id !== null && !seen.has(id)) {
    seen.add(id);
    const node = conversation.mapping[id];
    if (!node) break;
    if (node.message) branch.push(node.message);
    id = node.parent ?? null;
  }
  return branch.reverse();
}

/** Pairs the branch's messages into turns: a question and the answers that follow it. */
function toTurns(messages: GptMessage[], startedAt: string): ExportedTurn[] {
  const turns: ExportedTurn[] = [];
  let open: ExportedTurn | null = null;
  for (const message of messages) {
    const role = message.author.role;
    if (role !== 'user' && role !== 'assistant') continue;
    if (message.metadata?.is_visually_hidden_from_conversation === true) continue;
    const text = textOf(message);
    if (text === '') continue;
    const at = isoFrom(message.create_time, open?.created_at ?? startedAt);
    if (role === 'user' || open === null) {
      open = {
        content: role === 'user' ? text : '',
        response: role === 'user' ? null : text,
        provider: 'openai',
        model: null,
        model_friendly_name: null,
        status: role === 'user' ? 'cancelled' : 'completed',
        created_at: at,
        attachments: [],
      };
      turns.push(open);
      continue;
    }
    open.response = open.response === null ? text : `${open.response}\n\n${text}`;
    open.status = 'completed';
    const slug = message.metadata?.model_slug;
    if (typeof slug === 'string' && slug.length <= 100) {
      open.model = slug;
      open.model_friendly_name = `ChatGPT (${slug})`;
    }
  }
  return turns;
}

export function planChatGptImport(json: unknown): ImportPlan {
  const parsed = ChatGptExport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `conversations[${issue.path.join('.')}]` : 'the file';
    throw new ImportFileError(
      `This does not look like ChatGPT's conversations.json: ${where} ${issue?.message ?? 'is not valid'}.`,
    );
  }
  if (parsed.data.length > DATA_TRANSFER_LIMITS.importMaxConversations)
    throw new ImportFileError(
      `The file has ${parsed.data.length} conversations; at most ${DATA_TRANSFER_LIMITS.importMaxConversations} can be imported at once.`,
    );
  const now = new Date().toISOString();
  const conversations = parsed.data.map((c, index): ExportedConversation => {
    const createdAt = isoFrom(c.create_time, now);
    const title = (c.title ?? '').trim().slice(0, CONVERSATION_TITLE_MAX_CHARS);
    return {
      id: `chatgpt-${index}`,
      title: title || CONVERSATION_DEFAULT_TITLE,
      kind: 'regular',
      is_favourite: false,
      project_id: null,
      created_at: createdAt,
      updated_at: isoFrom(c.update_time, createdAt),
      turns: toTurns(currentBranch(c), createdAt),
    };
  });
  return { source: 'chatgpt', projects: [], conversations, knowledge: [], account: null };
}
