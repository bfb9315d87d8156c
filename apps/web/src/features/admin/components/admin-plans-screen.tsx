import type { CreatePlanRequest, Plan } from '@parallax/contract';
import { Layers, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { plansKey } from '../../billing';
import {
  createExamplePlans,
  createPlan,
  reorderPlans,
  updatePlan,
  useAdminPlans,
} from '../api/admin-plans';
import { AdminPlanRow } from './admin-plan-row';
import { ExamplePlansOffer } from './example-plans-offer';
import { PlanFormDialog } from './plan-form-dialog';
import { AdminNav } from '../../../ui/admin-page';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** /admin/plans: every plan in display order; create, edit, archive and reorder them. */
export function AdminPlansScreen() {
  const plans = useAdminPlans();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const list = plans.data ?? [];
  const noPaidPlan = plans.isSuccess && !list.some((p) => !p.is_free && !p.archived);
  const refresh = () => queryClient.invalidateQueries({ queryKey: plansKey });

  const save = async (body: CreatePlanRequest): Promise<string | null> => {
    try {
      if (editing === 'new') {
        const created = await createPlan(body);
        toast.success(`“${created.name}” created`);
      } else if (editing) {
        // The free plan follows the server's FREE_DAILY_LIMIT until its number is changed here.
        const changes =
          editing.is_free && body.daily_message_limit === editing.daily_message_limit
            ? { ...body, daily_message_limit: undefined }
            : body;
        await updatePlan(editing.id, changes);
        toast.success('Plan saved');
      }
      return null;
    } catch (error) {
      return reason(error);
    } finally {
      await refresh();
    }
  };

  const act = async (failure: string, run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      toast.error(failure, reason(error));
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    void act('Could not reorder the plans', () => reorderPlans({ plan_ids: ids }));
  };

  const newButton = (
    <button type="button" className={buttonClasses('primary')} onClick={() => setEditing('new')}>
      <Plus className="size-4" aria-hidden /> New plan
    </button>
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Plans</h1>
          <p className="mt-1 text-sm text-fg-muted">
            What each plan costs and allows. Active plans show on{' '}
            <Link
              to="/pricing"
              className="font-medium text-accent underline-offset-2 hover:underline"
            >
              /pricing
            </Link>{' '}
            in this order.
          </p>
        </div>
        {newButton}
      </div>
      {noPaidPlan && (
        <ExamplePlansOffer
          busy={busy}
          onCreate={() =>
            void act('Could not create the example plans', async () => {
              await createExamplePlans();
              toast.success('Example plans created');
            })
          }
        />
      )}
      {plans.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <LoadFailed
          icon={Layers}
          title="Could not load the plans"
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState icon={Layers} title="No plans" action={newButton} />
      ) : (
        <ol className="space-y-3" aria-label="Plans in display order">
          {list.map((plan, index) => (
            <li key={plan.id}>
              <AdminPlanRow
                plan={plan}
                isFirst={index === 0}
                isLast={index === list.length - 1}
                busy={busy}
                onEdit={() => setEditing(plan)}
                onMove={(by) => move(index, by)}
                onArchive={(archived) =>
                  void act(
                    archived ? 'Could not archive the plan' : 'Could not restore the plan',
                    () => updatePlan(plan.id, { archived }),
                  )
                }
              />
            </li>
          ))}
        </ol>
      )}
      <PlanFormDialog
        open={editing !== null}
        plan={editing === 'new' || editing === null ? undefined : editing}
        onCancel={() => setEditing(null)}
        onSave={save}
      />
    </div>
  );
}
