// What the app shell and other features may use of projects (screens are lazy-loaded by the app).
export { RecentProjects } from './components/recent-projects';
export { MoveToProjectDialog } from './components/move-to-project-dialog';
export { ProjectInstructions } from './components/project-instructions';
export { ProjectChip } from './components/project-chip';
export { chatDragSource } from './components/chat-drag';
export { useProject } from './api/get-project';
