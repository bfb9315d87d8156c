import {
  PRELOAD_REMAINING_DELAY_MS,
  PRELOAD_RULES,
  SCREEN_GROUPS,
  type ScreenGroup,
  type ScreenId,
} from '@parallax/contract';

export interface PlannedPreload {
  group: ScreenGroup;
  delayMs: number;
}

/** Which groups to fetch, and when, once a screen of `group` is shown (spec §9). */
export function planPreloads(screen: ScreenId, group: ScreenGroup): PlannedPreload[] {
  const plan = new Map<ScreenGroup, number>();
  for (const rule of PRELOAD_RULES) {
    const fromMatches = (rule.from as readonly ScreenGroup[]).includes(group);
    const screenMatches =
      rule.screens === null || (rule.screens as readonly string[]).includes(screen);
    if (!fromMatches || !screenMatches) continue;
    for (const target of rule.preload as readonly ScreenGroup[]) {
      plan.set(target, Math.min(plan.get(target) ?? Infinity, rule.delayMs));
    }
  }
  for (const remaining of SCREEN_GROUPS) {
    if (remaining !== group && !plan.has(remaining))
      plan.set(remaining, PRELOAD_REMAINING_DELAY_MS);
  }
  return [...plan]
    .map(([g, delayMs]) => ({ group: g, delayMs }))
    .sort((a, b) => a.delayMs - b.delayMs);
}

/**
 * The rest of the screen's own group. The spec's plan leaves it out, treating a group as one
 * chunk that the shown screen has already loaded; the core group's screens are chunks of their
 * own (groups/core.ts).
 */
export const OWN_GROUP_DELAY_MS = 1_000;

const scheduled = new Set<ScreenGroup>();

/** Schedules a screen's plan; groups already scheduled by an earlier screen are not scheduled twice. */
export function schedulePreloads(
  screen: ScreenId,
  group: ScreenGroup,
  load: (g: ScreenGroup) => Promise<unknown>,
): void {
  const plan = planPreloads(screen, group);
  if (!plan.some((p) => p.group === group)) plan.push({ group, delayMs: OWN_GROUP_DELAY_MS });
  for (const { group: target, delayMs } of plan) {
    if (scheduled.has(target)) continue;
    scheduled.add(target);
    setTimeout(() => {
      // A failed preload already raised preload-error; the route retries when actually visited.
      load(target).catch(() => undefined);
    }, delayMs);
  }
}
