import {
  PROMPT_GENERATOR_ID,
  PROMPT_GENERATOR_LIMITS,
  type GeneratorInstructionsResponse,
  type GeneratorInstructionsVersion,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type {
  InstructionsVersionRow,
  PromptGeneratorRepository,
} from './prompt-generator.repository';

export const PROMPT_GENERATOR_NOT_FOUND = 'Prompt generator not found';
const SAVE_ATTEMPTS = 3;

/** The instructions (the system message) a generator turn is opened with, and their version. */
export interface GeneratorInstructions {
  version: number;
  body: string;
}

/** The generator's versioned instructions: read by every generator turn, edited by admins. */
export class PromptGeneratorService {
  constructor(private readonly repository: PromptGeneratorRepository) {}

  /** The current instructions of a generator; 404 for an id that names no generator. */
  async current(generatorId: string = PROMPT_GENERATOR_ID): Promise<GeneratorInstructions> {
    const row = await this.repository.current(generatorId);
    if (!row) throw new AppError('not_found', PROMPT_GENERATOR_NOT_FOUND);
    return { version: row.version, body: row.body };
  }

  /** The text of a recorded version (a retried turn is answered with the version it recorded). */
  async bodyOf(version: number, generatorId: string = PROMPT_GENERATOR_ID): Promise<string> {
    const row = await this.repository.version(generatorId, version);
    return row?.body ?? (await this.current(generatorId)).body;
  }

  async describe(): Promise<GeneratorInstructionsResponse> {
    const versions = await this.repository.list(
      PROMPT_GENERATOR_ID,
      PROMPT_GENERATOR_LIMITS.versionsListed,
    );
    const current = versions[0];
    if (!current) throw new AppError('not_found', PROMPT_GENERATOR_NOT_FOUND);
    return { current: toVersion(current), versions: versions.map(toVersion) };
  }

  /** Saves a new version (a restore is a save of an earlier text); nothing is overwritten. */
  async save(body: string, userId: string): Promise<GeneratorInstructionsResponse> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.repository.add(PROMPT_GENERATOR_ID, body, userId, new Date().toISOString());
        return await this.describe();
      } catch (error) {
        if (attempt >= SAVE_ATTEMPTS) throw error;
      }
    }
  }
}

function toVersion(row: InstructionsVersionRow): GeneratorInstructionsVersion {
  return {
    version: row.version,
    body: row.body,
    created_at: row.created_at,
    created_by: row.created_by_email,
  };
}
