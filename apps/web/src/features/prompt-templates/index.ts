// What other features may use of prompt templates (screens are lazy-loaded by the app).
export { useTemplateSlashBinding, type SlashMenuBinding } from './components/template-slash-menu';
export type { TemplateDraftState } from './template-draft';
export { AdminTemplateLibrary } from './components/admin/admin-template-library';
