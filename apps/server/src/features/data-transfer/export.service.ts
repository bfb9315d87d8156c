import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import {
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  EXPORT_VERSION,
  type ChatMessage,
  type Conversation,
  type ExportedConversation,
  type ExportFile,
} from '@parallax/contract';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { AttachmentsService } from '../attachments';
import type { ChatService } from '../chat';
import type { ChatSettingsService } from '../chat-settings';
import type { ConversationsService } from '../conversations';
import type { KnowledgeService } from '../knowledge';
import type { PersonalizationService } from '../personalization';
import type { ProjectsService } from '../projects';
import { toExportedConversation, toExportedTurn } from './conversation-export';
import type { ExportRepository } from './export.repository';

const PAGE = 100;

interface ExportDeps {
  conversations: ConversationsService;
  history: ChatService;
  projects: ProjectsService;
  attachments: AttachmentsService;
  knowledge: KnowledgeService;
  chatSettings: ChatSettingsService;
  personalization: PersonalizationService;
  repository: ExportRepository;
}

/** A name safe as one path segment inside the zip. */
const zipSafe = (filename: string) => filename.replace(/[/\\]/g, '_');

/** Exports read through the same calls the app shows: the conversation list and history. */
export class ExportService {
  constructor(private readonly deps: ExportDeps) {}

  /** One chat, every turn (404 for another owner's id). */
  async conversation(owner: ChatOwner, id: string): Promise<ExportedConversation> {
    const conversation = await this.deps.conversations.get(owner, id);
    const turns = await this.#turns(owner, id);
    return toExportedConversation(
      conversation,
      turns.map((m) => toExportedTurn(m)),
      await this.#chatOptions(owner, id),
    );
  }

  /**
   * The whole account as a zip: parallax-export.json (projects with their knowledge files,
   * every chat with its turns, favourite flag, settings and personalization switch; presets,
   * custom instructions, memories and starred models), each attachment under attachments/ and
   * each knowledge file under knowledge/. Streamed, one file at a time.
   */
  async account(userId: string): Promise<Readable> {
    const owner: ChatOwner = { kind: 'user', id: userId };
    const files: Array<{ id: string; path: string }> = [];
    const pathOf = (id: string, filename: string) => {
      const path = `attachments/${id}-${zipSafe(filename)}`;
      files.push({ id, path });
      return path;
    };
    const knowledge = (await this.deps.knowledge.exportable(userId)).map((file) => ({
      file,
      path: `knowledge/${file.id}-${zipSafe(file.filename)}`,
    }));
    const conversations: ExportedConversation[] = [];
    for (const conversation of await this.#allConversations(owner)) {
      const turns = await this.#turns(owner, conversation.id);
      conversations.push(
        toExportedConversation(
          conversation,
          turns.map((m) => toExportedTurn(m, pathOf)),
          await this.#chatOptions(owner, conversation.id),
        ),
      );
    }
    const { chatSettings, personalization } = this.deps;
    const file: ExportFile = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      projects: (await this.deps.projects.exportAll(userId)).map((project) => ({
        ...project,
        files: knowledge
          .filter(({ file }) => file.projectId === project.id)
          .map(({ file, path }) => ({
            filename: file.filename,
            content_type: file.contentType,
            size: file.size,
            path,
          })),
      })),
      conversations,
      presets: (await chatSettings.presets(userId)).map(({ id: _id, ...preset }) => preset),
      personalization: await personalization.get(userId),
      memories: (await personalization.memories(userId)).map(
        ({ text, created_at, updated_at }) => ({
          text,
          created_at,
          updated_at,
        }),
      ),
      model_favourites: await this.deps.repository.modelFavouritesOf(userId),
    };

    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) return void out.destroy(error);
      out.write(chunk);
      if (final) out.end();
    });
    const json = new ZipDeflate(EXPORT_JSON_NAME, { level: 6 });
    zip.add(json);
    json.push(new TextEncoder().encode(JSON.stringify(file, null, 2)), true);
    void (async () => {
      const add = async (path: string, data: Uint8Array) => {
        const entry = new ZipPassThrough(path);
        zip.add(entry);
        entry.push(data, true);
        if (out.writableNeedDrain) await once(out, 'drain');
      };
      for (const { id, path } of files)
        await add(path, (await this.deps.attachments.open(owner, id)).data);
      for (const { file, path } of knowledge) await add(path, await file.read());
      zip.end();
    })().catch((error: unknown) =>
      out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }

  /** The chat's stored settings (when it has any) and its personalization switch. */
  async #chatOptions(
    owner: ChatOwner,
    conversationId: string,
  ): Promise<Pick<ExportedConversation, 'settings' | 'personalization_enabled'>> {
    const [settings, enabled] = await Promise.all([
      this.deps.chatSettings.storedFor(conversationId),
      this.deps.personalization.chatEnabled(owner, conversationId),
    ]);
    return { ...(settings !== null && { settings }), personalization_enabled: enabled };
  }

  async #allConversations(owner: ChatOwner): Promise<Conversation[]> {
    const all: Conversation[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.deps.conversations.list(owner, {
        offset,
        limit: PAGE,
        excludeComparisons: false,
      });
      all.push(...page.conversations);
      if (!page.has_more) return all;
    }
  }

  /** Every turn, oldest first: history pages come newest first, each oldest first. */
  async #turns(owner: ChatOwner, conversationId: string): Promise<ChatMessage[]> {
    const pages: ChatMessage[][] = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.history.history(owner, {
        conversation_id: conversationId,
        limit: PAGE,
        offset: 0,
        excludeComparisons: false,
        ...(cursor ? { cursor } : {}),
      });
      pages.unshift(page.messages);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    return pages.flat();
  }
}
