import type { KnowledgeFile, KnowledgeFileListResponse, Project } from '@parallax/contract';
import { expect } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import type { ChatTestApp } from '../../../test/chat';

export interface FileToSend {
  name: string;
  data: Buffer | string;
}

/** Calls on a project's knowledge files, through the network (multipart) like a browser. */
export function knowledgeClient(t: ChatTestApp) {
  const signedIn = async () => bearer((await registerAndSignIn(t.app)).accessToken);

  const createProject = async (h: Record<string, string>, body: Record<string, unknown> = {}) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: h,
      payload: { name: 'Handbook', ...body },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Project>();
  };

  const upload = (h: Record<string, string>, projectId: string, files: readonly FileToSend[]) => {
    const form = new FormData();
    for (const file of files) form.append('files[]', new Blob([Buffer.from(file.data)]), file.name);
    return fetch(`${t.baseUrl}/api/v1/projects/${projectId}/files`, {
      method: 'POST',
      headers: h,
      body: form,
    });
  };

  const list = async (h: Record<string, string>, projectId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/files`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<KnowledgeFileListResponse>().files;
  };

  /** Uploads and waits until every file left 'indexing'. */
  const uploadIndexed = async (
    h: Record<string, string>,
    projectId: string,
    files: readonly FileToSend[],
  ): Promise<KnowledgeFile[]> => {
    const res = await upload(h, projectId, files);
    expect(res.status, await res.clone().text()).toBe(201);
    await t.app.knowledgeIndexer.idle();
    const ids = new Set(((await res.json()) as KnowledgeFileListResponse).files.map((f) => f.id));
    return (await list(h, projectId)).filter((f) => ids.has(f.id));
  };

  return { signedIn, createProject, upload, list, uploadIndexed };
}
