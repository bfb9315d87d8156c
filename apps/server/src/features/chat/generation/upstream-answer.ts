import {
  CHAT_PARAMETERS,
  type ChatMcpChoice,
  type ChatParameter,
  type MessageSource,
} from '@parallax/contract';
import type {
  ChatRequest,
  ChatStreamEvent,
  ChatTurn,
  GenerationParameters,
} from '../../../providers/chat-types';
import type { ToolLoopSettings, TurnTool } from '../../tools';
import {
  buildContext,
  type Attachment as ContextAttachment,
  type KnowledgeExcerpt,
} from '../../../providers/context';
import type { ResolvedModel } from '../../models/models.service';
import type { MessagesRepository } from '../messages.repository';
import type { StoredForm } from '../turn/stored-form';
import type { AssembledContext } from '../turn/turn-sources';

/** What an answer is asked from: the turn's text and where its earlier turns are. */
export interface AnswerInput {
  model: ResolvedModel;
  content: string;
  /** The earlier turns: the stored branch ending at `leafId` (the turn's parent); null: none. */
  history: { leafId: string } | null;
  /** How the turn's earlier turns are stored: they are opened with it. */
  form: StoredForm;
  attachments: () => Promise<ContextAttachment[]>;
  /** The registered sources' part: the system message and file excerpts. */
  context: () => Promise<AssembledContext>;
  /** Continue: the answer so far, which the model is asked to carry on from. */
  partialAnswer?: string;
  /**
   * The tools this turn may offer, given the chat's Web search toggle (read with the context);
   * absent or null: none.
   */
  tools?: (query: { webSearch: boolean; mcp?: ChatMcpChoice }) => Promise<TurnTools | null>;
}

/** The tools a turn offers the model, and the admin's bounds on its steps. */
export interface TurnTools {
  tools: readonly TurnTool[];
  settings: ToolLoopSettings;
}

/** Said after the partial answer to a provider that cannot be prefilled. */
export const CONTINUE_INSTRUCTION =
  'Continue your previous answer exactly where it stopped. Do not repeat anything already written and do not add any preamble.';

/**
 * The partial answer as the last assistant message: a prefill where the provider carries on
 * from it (Anthropic), elsewhere followed by a short instruction to continue.
 */
export function continuationTurns(provider: string, partial: string): ChatTurn[] {
  // Anthropic refuses a final assistant message that ends in whitespace.
  if (provider === 'anthropic') return [{ role: 'assistant', content: partial.trimEnd() }];
  return [
    { role: 'assistant', content: partial },
    { role: 'user', content: CONTINUE_INSTRUCTION },
  ];
}

/** The upstream request of one answer, already under way. */
export interface UpstreamAnswer {
  stream: AsyncIterable<ChatStreamEvent>;
  /** Hangs up on the upstream; the stream then throws a `cancelled` ProviderError. */
  abort(): void;
  /** Date.now() when the request was sent: time to first token counts from here. */
  sentAt: number;
  /** Settles when the upstream's first event (or its failure) has arrived: the answer has begun. */
  begun: Promise<void>;
  /** The project files whose excerpts went into the context, in the order they were given. */
  sources: MessageSource[];
  /** The tools offered on this request; null: none (the answer is one step). */
  tools: TurnTools | null;
  /**
   * The next step: the first step's request with `turns` (every step's calls and their results
   * so far) after its context. `final`: the last step allowed, asked to answer without tools.
   */
  followUp(turns: readonly ChatTurn[], final: boolean): Promise<UpstreamAnswer>;
}

const PARAMETER_OF: Record<keyof GenerationParameters, ChatParameter> = {
  temperature: 'temperature',
  topP: 'top_p',
  maxOutputTokens: 'max_output_tokens',
  stopSequences: 'stop',
  reasoningEffort: 'reasoning_effort',
};

/** The parameters the model takes; the others are not sent (the answer's note says so). */
function supportedOnly(
  parameters: GenerationParameters,
  supported: readonly ChatParameter[],
): GenerationParameters {
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters))
    if (value !== undefined && supported.includes(PARAMETER_OF[key as keyof GenerationParameters]))
      sent[key] = value;
  return sent as GenerationParameters;
}

/** Each file once, where its best excerpt ranked. */
function sourcesOf(excerpts: readonly KnowledgeExcerpt[]): MessageSource[] {
  const seen = new Map<string, MessageSource>();
  for (const excerpt of excerpts)
    if (!seen.has(excerpt.fileId))
      seen.set(excerpt.fileId, { file_id: excerpt.fileId, filename: excerpt.filename });
  return [...seen.values()];
}

/**
 * Builds the context (earlier turns, attachments, trimming) and starts the upstream request at
 * once: an async generator does nothing until its first `next()`, so that call is made here and
 * its result handed to whoever reads the stream later. A failure (a context that cannot be
 * built, an upstream error) rejects the returned promise or comes out of the stream.
 */
export async function openUpstreamAnswer(
  input: AnswerInput,
  messages: MessagesRepository,
): Promise<UpstreamAnswer> {
  const { form } = input;
  const [earlier, sources] = await Promise.all([
    input.history === null ? Promise.resolve([]) : messages.branchTurns(input.history.leafId),
    input.context(),
  ]);
  const history = earlier.flatMap((turn) => {
    const response = turn.response === null ? null : form.open('response', turn.id, turn.response);
    return [
      { role: 'user' as const, content: form.open('content', turn.id, turn.content) ?? '' },
      ...(response ? [{ role: 'assistant' as const, content: response }] : []),
    ];
  });
  const { info } = input.model;
  const context = buildContext({
    model: {
      friendlyName: info.friendly_name,
      contextWindow: info.context_window,
      supportsVision: info.supports_vision,
    },
    // Before the history and counted in the budget: buildContext trims turns, never these.
    system: sources.system,
    knowledge: sources.excerpts,
    history,
    message: input.content,
    attachments: await input.attachments(),
  });
  const offered =
    input.tools === undefined
      ? null
      : await input.tools({
          webSearch: sources.webSearch === true,
          ...(sources.mcp !== undefined && { mcp: sources.mcp }),
        });
  const tools = offered !== null && offered.tools.length > 0 ? offered : null;
  const base: ChatRequest = {
    ...supportedOnly(sources.parameters, info.supported_parameters ?? CHAT_PARAMETERS),
    model: info.model,
    system: context.system,
    messages:
      input.partialAnswer === undefined
        ? context.messages
        : [...context.messages, ...continuationTurns(info.provider, input.partialAnswer)],
    ...(tools ? { tools: tools.tools.map((t) => t.spec), toolChoice: 'auto' as const } : {}),
  };
  return startRequest(input, base, base, sourcesOf(context.knowledgeUsed), tools);
}

/**
 * Sends one step's request (`request`) and answers it under way (see openUpstreamAnswer); a
 * follow-up is `base`, the first step's request, with the turns of the steps since.
 */
function startRequest(
  input: AnswerInput,
  base: ChatRequest,
  request: ChatRequest,
  sources: MessageSource[],
  tools: TurnTools | null,
): Promise<UpstreamAnswer> {
  const controller = new AbortController();
  const stream = input.model.adapter.streamChat({ ...request, signal: controller.signal });
  const iterator = stream[Symbol.asyncIterator]();
  const sentAt = Date.now();
  const first = iterator.next();
  // Read by the consumer; an answer aborted before anyone reads it must not be an unhandled rejection.
  first.catch(() => undefined);
  let firstTaken = false;
  return Promise.resolve({
    sentAt,
    begun: first.then(
      () => undefined,
      () => undefined,
    ),
    sources,
    tools,
    followUp: (turns, final) =>
      startRequest(
        input,
        base,
        {
          ...base,
          messages: [...base.messages, ...turns],
          // The last step still names the tools (the earlier turns call them) but may not call.
          ...(final && base.tools ? { toolChoice: 'none' as const } : {}),
        },
        [],
        tools,
      ),
    abort: () => controller.abort(),
    stream: {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          if (firstTaken) return iterator.next();
          firstTaken = true;
          return first;
        },
        return: async () => {
          controller.abort();
          return (await iterator.return?.()) ?? { done: true, value: undefined };
        },
      }),
    },
  });
}
