import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from '@common/api/people';
import * as notifications from '../services/notifications';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/** People (issue 25): notifications. */
export function registerPeopleRoutes(app: FastifyInstance, http: HttpContext): void {
  const { ctx } = http;

  serve(app, http, notificationRoutes.list, async ({ query }, request) => notifications.listNotifications(ctx, userOf(request).id, query.cursor));

  serve(app, http, notificationRoutes.read, async ({ body }, request) => notifications.markRead(ctx, userOf(request).id, body));
}
