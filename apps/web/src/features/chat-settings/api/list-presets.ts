import type { Preset } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { presetsKey } from './chat-settings-keys';

/** GET /presets: the caller's, by name. */
export async function listPresets(): Promise<Preset[]> {
  const res = await http.get<unknown>('/presets');
  return parseWire('PresetsResponse', res.data).presets;
}

/** Presets are an account's: a visitor has none (and is not asked). */
export function usePresets(signedIn: boolean) {
  return useQuery({ queryKey: presetsKey, queryFn: listPresets, enabled: signedIn });
}
