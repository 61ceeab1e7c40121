/** The Lua scripts of the Redis bus: each runs as one command, so what it does is atomic. */

/**
 * Registers a socket and answers the ones beyond the newest `keep` (removed at once). Members are
 * `openedAt|id` with openedAt zero-padded, so their sort order is their age; scores are the time
 * an instance last confirmed the socket, and entries of dead instances age out.
 */
export const TRACK_SCRIPT = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[3]))
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
table.sort(members)
local evicted = {}
for i = 1, #members - tonumber(ARGV[4]) do
  evicted[#evicted + 1] = members[i]
  redis.call('ZREM', KEYS[1], members[i])
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return evicted
`;

/**
 * Appends to several journals in one call (src/server/bus/redis-journal.ts), each entry only if
 * its journal's owner key names the caller (or is missing: the caller then becomes the owner).
 * KEYS are pairs (the caller's list of the journal, owner key); ARGV the caller, the time to live,
 * then the entries. Answers per entry the list's new length, or 0 where another owns the journal.
 * Both keys get their time to live again with the first entry and every 16th after it, not with
 * each one: a running battle adds an entry at least every turn (its timer ends it otherwise), so
 * 16 entries come long before an hour.
 */
export const APPEND_JOURNALS_SCRIPT = `
local me = ARGV[1]
local ttl = tonumber(ARGV[2])
local answers = {}
for i = 1, #KEYS / 2 do
  local list, owner = KEYS[2 * i - 1], KEYS[2 * i]
  local holder = redis.call('GET', owner)
  if holder == false or holder == me then
    local length = redis.call('RPUSH', list, ARGV[i + 2])
    if holder == false or length % 16 == 1 then
      redis.call('SET', owner, me, 'PX', ttl)
      redis.call('PEXPIRE', list, ttl)
    end
    answers[i] = length
  else
    answers[i] = 0
  end
end
return answers
`;

/**
 * Makes the caller the journal's owner and answers its entries, renaming the previous owner's list
 * (or a list from before lists named their owner) to the caller's. KEYS the owner key and the
 * legacy list; ARGV the lists' common prefix (the owner's name completes it), the caller, the
 * time to live. The previous owner's list is named from the owner key's value, so this script
 * works on one Redis server, not on a cluster.
 */
export const CLAIM_JOURNAL_SCRIPT = `
local base, me, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
local previous = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], me, 'PX', ttl)
local mine = base .. me
if previous and previous ~= me and redis.call('EXISTS', base .. previous) == 1 then
  redis.call('RENAME', base .. previous, mine)
elseif redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('RENAME', KEYS[2], mine)
end
redis.call('PEXPIRE', mine, ttl)
return redis.call('LRANGE', mine, 0, -1)
`;
