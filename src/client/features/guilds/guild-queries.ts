import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGuildBody, MyGuildView } from '@common/guilds';
import { errorMessage, errorStatus, isUnauthorized } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui';
import { guildKeys } from '@client/entities/guild/guild-keys';
import { guildDirectoryQuery, myGuildQuery } from '@client/entities/guild/guild-reads';
import { userKeys } from '@client/entities/user/user-keys';

/** Reads and actions of the Guilds screen (SPEC §7 plus the calls of docs/decisions.md). */

/** Whether this page showed a guild screen before. */
let shownBefore = false;

/** The player's guild; null when the player is in none (a 404, from a server before that answer, means the same). */
export function useMyGuild() {
  // The page's first guild screen shows what the read started with the page answered (a page opened
  // on /guilds starts it with the screen's code: preloadScreen), a 404 or a failure too, instead of
  // asking again as it mounts; a later one asks again after a failure, as any read does.
  // (Marked shown once committed: a render React drops and does again must read the same.)
  const [first] = useState(() => !shownBefore);
  useEffect(() => {
    shownBefore = true;
  }, []);
  const query = useQuery({ ...myGuildQuery, retryOnMount: !first });
  const unauthorized = query.isError && isUnauthorized(query.error);
  const none = query.isError ? !unauthorized && errorStatus(query.error) === 404 : query.data === null;
  // After leaving, a refetch answering 404 while the old guild is still cached: the error wins.
  return { ...query, guild: query.isError ? null : (query.data ?? null), unauthorized, none, failed: query.isError && !unauthorized && !none };
}

export function useDirectory() {
  return useQuery(guildDirectoryQuery);
}

/** Only requested when the player is in a guild (SPEC §7). */
export function useGuildBattles(inGuild: boolean) {
  return useQuery({ queryKey: guildKeys.battles, queryFn: ({ signal }) => api.guilds.battles({}, { signal }), enabled: inGuild });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: guildKeys.invitations, queryFn: ({ signal }) => api.guilds.invitations({}, { signal }), enabled });
}

/** Every guild read again, and the player (credits) when asked. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (withUser = false) => {
    const keys = [guildKeys.mine, guildKeys.directory, guildKeys.battles, guildKeys.invitations, ...(withUser ? [userKeys.me] : [])];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

interface ActionOptions<TVars, TResult> {
  /** `idempotencyKey` is fresh for each press; the calls that accept one send it. */
  run: (vars: TVars, idempotencyKey: string) => Promise<TResult>;
  success: (result: TResult, vars: TVars) => { title: string; description?: string };
  /** The toast title of a failure; the server's message is its text (SPEC §8). */
  failure?: string;
  withUser?: boolean;
}

function useGuildAction<TVars, TResult>({ run, success, failure = 'Error', withUser }: ActionOptions<TVars, TResult>) {
  const refresh = useRefresh();
  return useAction({
    mutationFn: run,
    onSuccess: async (result, vars) => {
      toast({ ...success(result, vars), variant: 'success' });
      await refresh(withUser);
    },
    onError: async (err) => {
      toast({ title: failure, description: errorMessage(err), variant: 'destructive' });
      await refresh(withUser);
    },
  });
}

export function useCreateGuild() {
  return useGuildAction({
    run: (body: CreateGuildBody, idempotencyKey) => api.guilds.create({ body }, { idempotencyKey }),
    success: (guild) => ({ title: 'Guild Created!', description: `${guild.name} is ready for recruits` }),
    failure: 'Failed to create guild',
  });
}

export function useJoinGuild() {
  return useGuildAction({
    run: (guildId: number) => api.guilds.join({ params: { id: guildId } }),
    success: (guild) => ({ title: 'Joined Guild', description: `Welcome to ${guild.name}!` }),
    failure: 'Failed to join guild',
  });
}

export function useLeaveGuild() {
  return useGuildAction({
    run: () => api.guilds.leave(),
    success: (answer) => ({ title: 'Left Guild', description: answer.message }),
    failure: 'Failed to leave guild',
  });
}

export function useInvite() {
  return useGuildAction({
    run: (username: string) => api.guilds.invite({ body: { username } }),
    success: (answer) => ({ title: 'Invitation Sent', description: answer.message }),
  });
}

export function useAnswerInvitation() {
  return useGuildAction({
    run: ({ id, accept }: { id: number; accept: boolean }): Promise<MyGuildView | { message: string }> =>
      accept ? api.guilds.acceptInvitation({ params: { id } }) : api.guilds.declineInvitation({ params: { id } }),
    success: (answer, { accept }) =>
      accept && 'name' in answer
        ? { title: 'Joined Guild', description: `Welcome to ${answer.name}!` }
        : { title: 'Invitation Declined' },
    failure: 'Failed to join guild',
  });
}

export function useChangeRole() {
  return useGuildAction({
    run: ({ memberId, role }: { memberId: number; role: 'officer' | 'member'; username: string }) =>
      api.guilds.changeRole({ params: { id: memberId }, body: { role } }),
    success: (_guild, { role, username }) => ({
      title: role === 'officer' ? 'Officer Appointed' : 'Officer Demoted',
      description: `${username} is now ${role === 'officer' ? 'an officer' : 'a member'}`,
    }),
  });
}

export function useRemoveMember() {
  return useGuildAction({
    run: ({ memberId }: { memberId: number; username: string }) =>
      api.guilds.removeMember({ params: { id: memberId } }),
    success: (_guild, { username }) => ({ title: 'Member Removed', description: `${username} is no longer in the guild` }),
  });
}

export function useDonate() {
  return useGuildAction({
    run: (amount: number, idempotencyKey) =>
      api.guilds.donate({ body: { amount } }, { idempotencyKey }),
    success: (answer) => ({ title: 'Donation Received', description: answer.message }),
    withUser: true,
  });
}

export function useChallenge() {
  return useGuildAction({
    run: (body: { defenderGuildId: number; maxParticipants: number }) =>
      api.guilds.challenge({ body }),
    success: (battle) => ({ title: 'Challenge Sent', description: `${battle.defenderGuild.name} has been challenged` }),
  });
}

export function useAnswerChallenge() {
  return useGuildAction({
    run: ({ id, accept }: { id: number; accept: boolean }) =>
      accept ? api.guilds.acceptBattle({ params: { id } }) : api.guilds.declineBattle({ params: { id } }),
    success: (battle, { accept }) =>
      accept
        ? { title: 'Guild Battle Fought', description: `${battle.challengerGuild.name} vs ${battle.defenderGuild.name}: see the result below` }
        : { title: 'Challenge Cancelled' },
  });
}
