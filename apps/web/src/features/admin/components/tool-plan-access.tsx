import type { AdminToolPlanAccess, ToolPlanAccess } from '@parallax/contract';

/** Per plan, whether its users (and visitors, through the free plan) may search and read pages. */
export function ToolPlanAccessTable({
  id,
  plans,
  disabled,
  onChange,
}: {
  id: string;
  plans: readonly (AdminToolPlanAccess & ToolPlanAccess)[];
  disabled: boolean;
  onChange: (planId: string, changes: Partial<ToolPlanAccess>) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium">Plans that may use tools</legend>
      <p id={`${id}-plans-hint`} className="mb-2 text-sm text-fg-muted">
        Visitors follow the free plan. Tools still run only in chats whose Web search toggle is on.
      </p>
      <ul
        className="divide-y divide-line rounded-xl border border-line"
        aria-describedby={`${id}-plans-hint`}
      >
        {plans.map((plan) => (
          <li
            key={plan.plan_id}
            className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0 break-words text-sm font-medium">
              {plan.plan_name}
              {plan.archived && <span className="ml-1 text-fg-muted">(archived)</span>}
            </span>
            <span className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={plan.web_search}
                  disabled={disabled}
                  onChange={(event) => onChange(plan.plan_id, { web_search: event.target.checked })}
                />
                Web search
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={plan.read_page}
                  disabled={disabled}
                  onChange={(event) => onChange(plan.plan_id, { read_page: event.target.checked })}
                />
                Read a web page
              </label>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
