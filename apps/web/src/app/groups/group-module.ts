import type { ComponentType } from 'react';
import type { ScreenId } from '@parallax/contract';

/** What each lazily loaded route-group chunk exports. */
export interface GroupModule {
  screens: Partial<Record<ScreenId, ComponentType>>;
}
