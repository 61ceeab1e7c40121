import { useQuery } from '@tanstack/react-query';
import { sameUsername } from '@common/usernames';
import { friendsQuery } from '@client/entities/user/friends-read';
import { myGuildQuery } from '@client/entities/guild/guild-reads';

/**
 * Whether a player may be challenged, as the server decides it: a friend or a guild mate. Read from
 * the friends list and the player's guild (cached where the screens read them already); undefined
 * while they load. A player outside any guild reads null there.
 */
export function useMayChallenge(username: string): boolean | undefined {
  const friends = useQuery(friendsQuery);
  const guild = useQuery({ ...myGuildQuery, retry: false });
  if (friends.data?.friends.some((f) => sameUsername(f.username, username))) return true;
  if (guild.data?.members.some((m) => sameUsername(m.user.username, username))) return true;
  if (friends.isPending || guild.isPending) return undefined;
  return false;
}
