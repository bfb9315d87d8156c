import type { Redis } from 'ioredis';
import type { PresenceClaim } from './bus';

/*
 * Presence keys (see Bus.claimPresence) as one hash per key: field `holder`, and one field
 * `m:<member>` per member holding when its claim runs out. Each operation is one Lua script,
 * so a claim is atomic across processes, and every script reads the time from Redis, so the
 * processes' clocks need not agree.
 */

/** Drops expired members; leaves `now` and `live` (members still live) in the script's scope. */
const PURGE = `
local clock = redis.call('time')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local fields = redis.call('hgetall', KEYS[1])
local live = 0
for i = 1, #fields, 2 do
  if fields[i] ~= 'holder' then
    if tonumber(fields[i + 1]) <= now then redis.call('hdel', KEYS[1], fields[i]) else live = live + 1 end
  end
end
`;

/** ARGV: holder, member, ttl ms, holder it may take over from ('' for none). */
const CLAIM = `${PURGE}
local current = redis.call('hget', KEYS[1], 'holder')
if live > 0 and current and current ~= ARGV[1] and current ~= ARGV[4] then return current end
local ttl = tonumber(ARGV[3])
redis.call('hset', KEYS[1], 'holder', ARGV[1], 'm:' .. ARGV[2], now + ttl)
redis.call('pexpire', KEYS[1], ttl)
return ARGV[1]
`;

const HOLDER = `${PURGE}
if live == 0 then redis.call('del', KEYS[1]) return false end
return redis.call('hget', KEYS[1], 'holder')
`;

/** ARGV: member. */
const RELEASE = `redis.call('hdel', KEYS[1], 'm:' .. ARGV[1])
${PURGE}
if live == 0 then redis.call('del', KEYS[1]) end
return live
`;

export async function claimPresence(
  redis: Redis,
  key: string,
  claim: PresenceClaim,
): Promise<string> {
  const args = [claim.holder, claim.member, String(claim.ttlMs), claim.takeOverFrom ?? ''];
  const reply: unknown = await redis.eval(CLAIM, 1, key, ...args);
  return String(reply);
}

export async function presenceHolder(redis: Redis, key: string): Promise<string | undefined> {
  const reply: unknown = await redis.eval(HOLDER, 1, key);
  return typeof reply === 'string' ? reply : undefined;
}

export async function releasePresence(redis: Redis, key: string, member: string): Promise<void> {
  await redis.eval(RELEASE, 1, key, member);
}
