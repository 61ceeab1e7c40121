import type { FastifyInstance } from 'fastify';
import { challengeRoutes, friendRoutes, notificationRoutes } from '@common/api/people';
import type { Challenges } from '../pvp/challenges';
import * as friends from '../services/friends';
import * as notifications from '../services/notifications';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/** People (issue 25): notifications and friends. */
export function registerPeopleRoutes(app: FastifyInstance, http: HttpContext): void {
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  serve(app, http, notificationRoutes.list, async ({ query }, request) => notifications.listNotifications(request.ctx, me(request), query.cursor));
  serve(app, http, notificationRoutes.read, async ({ body }, request) => notifications.markRead(request.ctx, me(request), body));

  serve(app, http, friendRoutes.list, async (_, request) => friends.listFriends(request.ctx, me(request)));
  serve(app, http, friendRoutes.request, async ({ body }, request) => friends.sendFriendRequest(request.ctx, me(request), body.username));
  serve(app, http, friendRoutes.accept, async ({ params }, request) => friends.acceptFriendRequest(request.ctx, me(request), params.id));
  serve(app, http, friendRoutes.decline, async ({ params }, request) => friends.declineFriendRequest(request.ctx, me(request), params.id));
  serve(app, http, friendRoutes.remove, async ({ params }, request) => friends.removeFriend(request.ctx, me(request), params.id));
  serve(app, http, friendRoutes.card, async ({ params }, request) => friends.friendCard(request.ctx, me(request), params.id));
}

/** Direct challenges (issue 25), run by this instance's PvP host. */
export function registerChallengeRoutes(app: FastifyInstance, http: HttpContext, challenges: Challenges): void {
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;
  serve(app, http, challengeRoutes.create, async ({ body }, request) => challenges.create(me(request), body.username, body.characterId));
  serve(app, http, challengeRoutes.accept, async ({ params, body }, request) => challenges.accept(me(request), params.id, body.characterId));
  serve(app, http, challengeRoutes.decline, async ({ params }, request) => challenges.decline(userOf(request), params.id));
}
