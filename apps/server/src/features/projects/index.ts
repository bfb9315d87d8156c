/** What other features may use of projects: its service, provided as app.projects. */
export type { ProjectsService } from './projects.service';
