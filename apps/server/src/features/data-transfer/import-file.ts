import {
  DATA_TRANSFER_LIMITS,
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  ExportFile,
  KNOWLEDGE_LIMITS,
} from '@parallax/contract';
import { unzipSync } from 'fflate';
import { isChatGptExport, planChatGptImport } from './chatgpt-import';
import { ImportFileError, type ImportPlan } from './import-plan';

const CHATGPT_JSON_NAME = 'conversations.json';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(data: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, i) => data[i] === byte);
}

/**
 * The JSON inside a zip: ours (parallax-export.json) or ChatGPT's (conversations.json), at the
 * top or one folder down. Only that one entry is unpacked, and only when its stated size is
 * within the cap; a size that lies yields cut-off JSON, refused below.
 */
function jsonFromZip(data: Uint8Array): Uint8Array {
  const wanted = (name: string) => {
    const base = name.split('/').slice(-1)[0];
    return (base === EXPORT_JSON_NAME || base === CHATGPT_JSON_NAME) && name.split('/').length <= 2;
  };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(data, {
      filter: (file) =>
        wanted(file.name) && file.originalSize <= DATA_TRANSFER_LIMITS.importMaxJsonBytes,
    });
  } catch {
    throw new ImportFileError('The zip file is damaged or uses a format that cannot be read.');
  }
  const found = Object.values(entries)[0];
  if (!found)
    throw new ImportFileError(
      `The zip holds neither ${EXPORT_JSON_NAME} (a Parallax export) nor ${CHATGPT_JSON_NAME} (a ChatGPT export) within ${DATA_TRANSFER_LIMITS.importMaxJsonBytes / 1024 / 1024} MB.`,
    );
  return found;
}

function parseJson(data: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text: choose a .json or .zip export.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportFileError('The file is not valid JSON: choose a .json or .zip export.');
  }
}

/**
 * The knowledge files the export's projects name, read out of its zip: only those entries,
 * each within the upload cap and all together within the import's cap by their stated sizes.
 * A plain JSON import has no bytes to read, so its projects come without files.
 */
function knowledgeFromZip(zip: Uint8Array | null, plan: ImportPlan): ImportPlan['knowledge'] {
  const wanted = new Map<string, { projectId: string; filename: string }>();
  for (const project of plan.projects)
    for (const file of project.files ?? [])
      wanted.set(file.path, { projectId: project.id, filename: file.filename });
  if (zip === null || wanted.size === 0) return [];
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (file) => {
        if (!wanted.has(file.name)) return false;
        if (file.originalSize > KNOWLEDGE_LIMITS.maxFileBytes) return false;
        total += file.originalSize;
        return total <= DATA_TRANSFER_LIMITS.importMaxKnowledgeBytes;
      },
    });
  } catch {
    throw new ImportFileError('The zip file is damaged or uses a format that cannot be read.');
  }
  const out: ImportPlan['knowledge'] = [];
  for (const [path, file] of wanted) {
    const data = entries[path];
    if (data === undefined)
      throw new ImportFileError(
        `The zip lacks the knowledge file ${path} its export names (or it is larger than allowed).`,
      );
    out.push({ ...file, data: Buffer.from(data) });
  }
  return out;
}

function planParallaxImport(json: unknown): ImportPlan {
  const parsed = ExportFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportFileError(
      `The Parallax export is not valid: ${issue ? issue.path.join('.') || 'file' : 'file'}: ${issue?.message ?? 'unexpected content'}.`,
    );
  }
  const { presets, personalization, memories, model_favourites } = parsed.data;
  return {
    source: 'parallax',
    projects: parsed.data.projects,
    conversations: parsed.data.conversations,
    knowledge: [],
    account: { presets, personalization, memories, model_favourites },
  };
}

/** Reads an uploaded export (JSON or zip, ours or ChatGPT's) into what the import adds. */
export function planImport(data: Uint8Array): ImportPlan {
  if (data.length === 0) throw new ImportFileError('The file is empty.');
  const zip = isZip(data) ? data : null;
  const json = parseJson(zip ? jsonFromZip(zip) : data);
  let plan: ImportPlan;
  if (isChatGptExport(json)) plan = planChatGptImport(json);
  else if (
    typeof json === 'object' &&
    json !== null &&
    'format' in json &&
    json.format === EXPORT_FORMAT
  ) {
    plan = planParallaxImport(json);
    plan.knowledge = knowledgeFromZip(zip, plan);
  } else
    throw new ImportFileError(
      "This file is neither a Parallax export nor ChatGPT's conversations.json.",
    );
  const turns = plan.conversations.reduce((sum, c) => sum + c.turns.length, 0);
  if (turns > DATA_TRANSFER_LIMITS.importMaxTurns)
    throw new ImportFileError(
      `The file has ${turns} messages; at most ${DATA_TRANSFER_LIMITS.importMaxTurns} can be imported at once.`,
    );
  if (plan.conversations.length === 0 && plan.projects.length === 0)
    throw new ImportFileError('The file has no conversations.');
  return plan;
}
