import {
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAG_NAMES,
  FEATURE_FLAGS,
  type AdminFeatureFlag,
  type FeatureFlagName,
  type FeatureFlagValues,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { FeatureFlagRow, FeatureFlagsRepository } from './feature-flags.repository';

/** The text a refused call carries, per flag that refuses calls when off. */
const DISABLED_DETAIL: Partial<Record<FeatureFlagName, string>> = {
  google_sign_in: 'Google sign-in is turned off on this server.',
  apple_sign_in: 'Apple sign-in is turned off on this server.',
  two_factor: 'Two-factor sign-in is turned off on this server.',
};

function toAdminFlag(name: FeatureFlagName, row: FeatureFlagRow | undefined): AdminFeatureFlag {
  return {
    name,
    enabled: row === undefined ? FEATURE_FLAGS[name] : row.enabled === 1,
    default_enabled: FEATURE_FLAGS[name],
    description: FEATURE_FLAG_DESCRIPTIONS[name],
    updated_at: row?.updated_at ?? null,
    updated_by: row === undefined ? null : { id: row.updated_by, email: row.updated_by_email },
  };
}

/**
 * The feature flags (spec §1) as `app.featureFlags`. Every read goes to the database, never a
 * per-process copy: a change an admin makes is in effect on every process from the next call.
 */
/** Work another feature does once an admin's change is stored (a cache it keeps of a flag). */
export type FlagChangedListener = (name: FeatureFlagName) => Promise<void>;

export class FeatureFlagsService {
  readonly #changed: FlagChangedListener[] = [];

  constructor(private readonly repository: FeatureFlagsRepository) {}

  /** Runs `listener` after every change `set` stores, before its answer. */
  onChanged(listener: FlagChangedListener): void {
    this.#changed.push(listener);
  }

  /** Whether the flag is on now: the admin's setting, else the spec's default. */
  async isOn(name: FeatureFlagName): Promise<boolean> {
    return (await this.repository.readOne(name)) ?? FEATURE_FLAGS[name];
  }

  /** Throws 404 feature_disabled when the flag is off: for routes a flag turns off. */
  async requireOn(name: FeatureFlagName): Promise<void> {
    if (await this.isOn(name)) return;
    throw new AppError('feature_disabled', DISABLED_DETAIL[name] ?? 'This feature is turned off.');
  }

  /** Every flag's value now. */
  async values(): Promise<FeatureFlagValues> {
    const set = await this.repository.readValues();
    const entries = FEATURE_FLAG_NAMES.map((name) => [name, set.get(name) ?? FEATURE_FLAGS[name]]);
    return Object.fromEntries(entries) as FeatureFlagValues;
  }

  /** Every flag for the admin screen, in the contract's order. */
  async list(): Promise<AdminFeatureFlag[]> {
    const rows = new Map((await this.repository.list()).map((row) => [row.name, row]));
    return FEATURE_FLAG_NAMES.map((name) => toAdminFlag(name, rows.get(name)));
  }

  async get(name: FeatureFlagName): Promise<AdminFeatureFlag> {
    const flags = await this.list();
    return flags.find((flag) => flag.name === name) ?? toAdminFlag(name, undefined);
  }

  async set(name: FeatureFlagName, enabled: boolean, actorId: string): Promise<AdminFeatureFlag> {
    await this.repository.upsert(name, enabled, actorId, new Date().toISOString());
    for (const listener of this.#changed) await listener(name);
    return this.get(name);
  }
}
