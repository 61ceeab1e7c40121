import { z } from 'zod';
import { USERNAME_MAX } from './constants';
import { idField } from './ids';
import { AUDIT_ACTIONS, MODERATION_MESSAGES, REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES, ROLES, MUTE_MINUTES } from './moderation-rules';

/** Blocks, reports and moderation (docs/decisions.md 'Moderation'). */

export { AUDIT_ACTIONS, MAX_BLOCKS, MODERATION_MESSAGES, MUTE_MINUTES, REPORTS_PER_HOUR, REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES, ROLES, mutedMessage, suspendedMessage, utcMinute, type AuditAction, type ReportKind, type ReportReason, type ReportStatus, type Role } from './moderation-rules';

const reason = z.string({ error: MODERATION_MESSAGES.reasonNeeded }).trim().min(1, MODERATION_MESSAGES.reasonNeeded).max(500, MODERATION_MESSAGES.reasonNeeded);

export const blockBody = z.object({ username: z.string({ error: MODERATION_MESSAGES.playerNotFound }).trim().min(1, MODERATION_MESSAGES.playerNotFound).max(USERNAME_MAX, MODERATION_MESSAGES.playerNotFound) });
export const blockViewSchema = z.object({ userId: z.number().int(), username: z.string(), createdAt: z.string() });
export type BlockView = z.infer<typeof blockViewSchema>;

export const reportBody = z.object({
  kind: z.enum(REPORT_KINDS, { error: 'Kind must be player, chat, battle, guild or listing' }),
  targetId: idField('targetId must be a whole number id'),
  reason: z.enum(REPORT_REASONS, { error: 'Reason must be harassment, cheating, offensive name, spam or other' }),
  note: z.string().trim().max(500, 'A note is at most 500 characters').optional(),
});
export type ReportBody = z.infer<typeof reportBody>;

/** A chat line as a report keeps it. */
export const evidenceLineSchema = z.object({ id: z.number().int(), userId: z.number().int().nullable(), username: z.string(), message: z.string(), createdAt: z.string() });
/** What a report keeps of its target as it was when it was made. */
export const reportEvidenceSchema = z.object({
  /** The name of what was reported as it was (player, character, guild, listed character). */
  name: z.string().optional(),
  username: z.string().optional(),
  /** The reported chat message and up to ten around it, oldest first. */
  chat: z.array(evidenceLineSchema).optional(),
  replayId: z.number().int().optional(),
  description: z.string().optional(),
  price: z.number().int().optional(),
});
export type ReportEvidence = z.infer<typeof reportEvidenceSchema>;

export const reportViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.number().int(),
  targetUserId: z.number().int().nullable(),
  targetUsername: z.string().nullable(),
  reporter: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  evidence: reportEvidenceSchema,
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  /** A chat report's message has been deleted since (by a moderator). */
  messageDeleted: z.boolean(),
});
export type ReportView = z.infer<typeof reportViewSchema>;
export const reportCreatedSchema = z.object({ id: z.number().int(), message: z.string() });

export const cursorQuery = z.object({ cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });
export const reportsQuery = cursorQuery.extend({ status: z.enum(['open', 'resolved'], { error: 'Status must be open or resolved' }).default('open') });
export const reportsPageSchema = z.object({ reports: z.array(reportViewSchema), nextCursor: z.number().int().nullable() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  /** The player the action was about, by name (null when about nobody, or an account since deleted). */
  targetName: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.number().int().nullable() });

export const reasonBody = z.object({ reason });
/** An action taken from a report's card names the report: it is resolved in the action's transaction. */
const reportId = idField('reportId must be a whole number id').optional();
export const actionBody = z.object({ reason, reportId });
export const muteBody = z.object({
  minutes: z.union(MUTE_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<10>, z.ZodLiteral<60>, z.ZodLiteral<1440>, z.ZodLiteral<10080>], { error: MODERATION_MESSAGES.muteMinutes }),
  reason,
  reportId,
});
export const suspendBody = z.object({
  days: z.number({ error: MODERATION_MESSAGES.suspendDays }).int(MODERATION_MESSAGES.suspendDays).min(1, MODERATION_MESSAGES.suspendDays).max(3650, MODERATION_MESSAGES.suspendDays).optional(),
  reason,
  reportId,
});
export const roleBody = z.object({ role: z.enum(['player', 'moderator'], { error: 'Role must be player or moderator' }), reason });

/** A reported player's record for the console: recent chat, battles and previous actions. */
export const playerRecordSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  mutedUntil: z.string().nullable(),
  suspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
  chat: z.array(evidenceLineSchema),
  battles: z.array(z.object({ replayId: z.number().int(), kind: z.string(), createdAt: z.string() })),
  actions: z.array(auditEntrySchema),
});
export type PlayerRecord = z.infer<typeof playerRecordSchema>;
export const modActionAnswer = z.object({ message: z.string() });
