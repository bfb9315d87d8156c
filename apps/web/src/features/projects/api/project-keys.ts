/** Query keys of projects: every change invalidates ['projects'] (and the chats it moved). */
export const projectsKey = ['projects'] as const;
export const projectListKey = (archived: boolean) => ['projects', 'list', archived] as const;
export const projectKey = (id: string) => ['projects', 'one', id] as const;
export const projectChatsKey = (id: string) => ['conversations', 'project', id] as const;
export const knowledgeFilesKey = (id: string) => ['projects', 'files', id] as const;
