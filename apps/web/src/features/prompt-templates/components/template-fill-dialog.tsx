import type { PromptTemplate } from '@parallax/contract';
import { Modal } from '../../../ui/dialog';
import { TemplateFillForm, type FillAction } from './template-fill-form';

/** "Use": the fill-in form of a template in a dialog. */
export function TemplateFillDialog({
  template,
  onClose,
  onDone,
  insertLabel,
}: {
  template: PromptTemplate | null;
  onClose: () => void;
  onDone: (template: PromptTemplate, text: string, action: FillAction) => void;
  insertLabel?: string;
}) {
  return (
    <Modal
      open={template !== null}
      onOpenChange={(open) => !open && onClose()}
      title={template ? `Use “${template.title}”` : 'Use template'}
      description={
        template && template.variables.length > 0
          ? 'Fill in the blanks; fields marked * are required.'
          : 'This template has nothing to fill in.'
      }
      className="max-h-[92dvh] max-w-2xl overflow-y-auto p-4 sm:p-6"
    >
      {template && (
        <div className="mt-4">
          <TemplateFillForm
            key={template.id}
            template={template}
            insertLabel={insertLabel}
            onDone={(text, action) => onDone(template, text, action)}
          />
        </div>
      )}
    </Modal>
  );
}
