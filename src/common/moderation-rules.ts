/** Roles, report kinds and moderation's texts (docs/decisions.md 'Moderation') as plain data: the report menus show them without loading zod. */

export const ROLES = ['player', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MAX_BLOCKS = 500;
export const REPORTS_PER_HOUR = 10;
export const REPORT_KINDS = ['player', 'chat', 'battle', 'guild', 'listing'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['harassment', 'cheating', 'offensive name', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const MUTE_MINUTES = [10, 60, 1440, 10080] as const;
export const AUDIT_ACTIONS = [
  'chat.delete',
  'user.mute',
  'user.suspend',
  'user.unsuspend',
  'user.role',
  'character.rename',
  'guild.rename',
  'report.resolve',
  'report.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const MODERATION_MESSAGES = {
  /** What a blocked player is told, whatever they tried: it does not say they were blocked. */
  notAccepting: 'This player is not accepting that',
  /** What a player who blocked the other is told when they try it themselves. */
  youBlocked: 'You have blocked this player: unblock them in Account first',
  blockSelf: 'You cannot block yourself',
  tooManyBlocks: `You can block at most ${MAX_BLOCKS} players`,
  playerNotFound: 'Player not found',
  reportTwice: 'You have already reported this; a moderator will look at it',
  reportSelf: 'You cannot report yourself',
  tooManyReports: `You can send at most ${REPORTS_PER_HOUR} reports an hour. Try again later.`,
  reportTargetMissing: 'There is nothing to report there',
  reported: 'Thank you. A moderator will look at your report.',
  moderatorsOnly: 'Only moderators can do that',
  adminsOnly: 'Only admins can do that',
  notOnStaff: 'A moderator cannot act on another moderator or an admin',
  reasonNeeded: 'Please give a reason (1-500 characters)',
  muteMinutes: 'Minutes must be 10, 60, 1440 or 10080',
  suspendDays: 'Days must be a whole number from 1 to 3650',
  reportHandled: 'This report has been handled already',
  reportNotFound: 'Report not found',
  reportElsewhere: 'That report is about someone or something else',
} as const;

/** A moment as players read it in these messages: '2026-11-29 19:44 UTC'. */
export const utcMinute = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const MUTED = 'You are muted until ';
export const mutedMessage = (until: Date) => `${MUTED}${utcMinute(until)}`;
/** Whether a refusal's text is `mutedMessage`'s (a chat message a moderator's mute stopped). */
export const isMutedMessage = (text: string) => text.startsWith(MUTED);
export const suspendedMessage = (until: Date | null) => (until ? `Your account is suspended until ${utcMinute(until)}` : 'Your account is suspended permanently');
