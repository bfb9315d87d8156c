import { AdminTemplateLibrary } from '../../prompt-templates';
import { GeneratorInstructionsEditor } from '../../prompt-generator';
import { AdminNav } from '../../../ui/admin-page';

/** /admin/prompt-templates: the public library's templates and categories, and the generator's instructions. */
export function AdminPromptTemplatesScreen() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">Admin · Prompt templates</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Curate the public library: write drafts, publish them, feature the best, and order the
          categories. Below, the instructions the prompt generator writes prompts with.
        </p>
      </div>
      <AdminTemplateLibrary />
      <div className="mt-12 border-t border-line pt-8">
        <GeneratorInstructionsEditor />
      </div>
    </div>
  );
}
