import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import type { AuthSession } from '@parallax/contract';

export interface SessionDevice {
  device: AuthSession['device'];
  browser: string | null;
  os: string | null;
}

const DEVICE_TYPES: ReadonlySet<string> = new Set(['desktop', 'mobile', 'tablet', 'tv', 'bot']);

function majorVersion(version: string | undefined): string | null {
  const major = version?.split('.')[0];
  return major && /^\d+$/.test(major) ? major : null;
}

function named(name: string | undefined, version: string | null): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

/** The device kind, browser and system a User-Agent header names (bowser's tables). */
export function describeUserAgent(userAgent: string | null): SessionDevice {
  if (!userAgent) return { device: 'unknown', browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    device: type && DEVICE_TYPES.has(type) ? (type as SessionDevice['device']) : 'unknown',
    browser: named(parsed.browser.name, majorVersion(parsed.browser.version)),
    os: named(parsed.os.name, parsed.os.versionName ?? majorVersion(parsed.os.version)),
  };
}

// Ranges whose place is known without a location table: they never leave a local network.
const PLACES: Readonly<Record<string, string>> = {
  loopback: 'This computer',
  private: 'Local network',
  uniqueLocal: 'Local network',
  linkLocal: 'Local network',
  carrierGradeNat: "Your provider's shared network",
};

/**
 * Where an address is, when its range alone says so. Public addresses would need a location
 * table, which no trusted package ships offline; they stay unnamed (null).
 */
export function placeOfAddress(address: string | null): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  return PLACES[ipaddr.process(address).range()] ?? null;
}
