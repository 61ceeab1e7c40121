import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { MODERATION_MESSAGES, MUTE_MINUTES } from '@common/moderation-rules';
import type { ReportView } from '@common/moderation';
import { moderationApi } from '@client/lib/moderation-endpoints';
import { Badge, Button, Card, CardContent, Input, Label, toast } from '@client/ui';
import { useModAction, usePlayerRecord } from './use-moderation';

/** One report in the queue: its evidence, the reported player's record, and the actions. */
export function ReportCard({ report }: { report: ReportView }) {
  const { mutate: act, isPending: busy } = useModAction();
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonField = useRef<HTMLInputElement>(null);
  // An action taken here resolves the report with it, unless the moderator means to take more.
  const [resolveWith, setResolveWith] = useState(true);
  const reportId = report.status === 'open' && resolveWith ? report.id : undefined;
  const [showRecord, setShowRecord] = useState(false);
  const record = usePlayerRecord(showRecord ? report.targetUserId : null);
  const target = report.targetUserId;
  const need = (run: (reason: string) => Promise<{ message: string }>) => () => {
    if (!reason.trim()) {
      toast({ title: 'Error', description: MODERATION_MESSAGES.reasonNeeded, variant: 'destructive' });
      // The field may be below the button pressed (a chat line's Delete): take the moderator to it.
      setReasonMissing(true);
      reasonField.current?.focus();
      return;
    }
    act(() => run(reason.trim()));
  };
  const evidence = report.evidence;

  return (
    <Card data-testid="mod-report" data-report-id={report.id}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <p className="flex flex-wrap items-center gap-2 text-lg">
          <Badge>{report.kind}</Badge>
          <Badge variant="gold">{report.reason}</Badge>
          <span className="min-w-0 text-ink-muted wrap-anywhere">
            by {report.reporter} about <strong className="text-ink">{report.targetUsername ?? evidence.name ?? `#${report.targetId}`}</strong>
          </span>
          <time className="text-ink-dim" dateTime={report.createdAt}>
            {new Date(report.createdAt).toLocaleString()}
          </time>
        </p>
        {report.note ? <p className="border-l-4 border-edge pl-3 text-lg text-ink-muted wrap-anywhere">“{report.note}”</p> : null}
        {evidence.name ? <p className="text-lg wrap-anywhere">Name when reported: {evidence.name}</p> : null}
        {evidence.replayId ? (
          <Link href={`/replay/${evidence.replayId}`} className="text-lg text-neon-cyan">
            Watch the replay
          </Link>
        ) : null}
        {evidence.chat ? (
          <ol className="flex flex-col gap-1 border-2 border-edge bg-void p-2" data-testid="mod-evidence">
            {evidence.chat.map((line) => (
              <li key={line.id} className={line.id === report.targetId ? 'flex items-start gap-2 bg-danger/15 px-1' : 'flex items-start gap-2 px-1'}>
                <span className="min-w-0 flex-1 text-lg wrap-anywhere">
                  <strong>{line.username}:</strong> {line.message}
                </span>
                {line.id === report.targetId && report.messageDeleted ? (
                  <Badge data-testid="mod-message-deleted">Deleted</Badge>
                ) : line.id === report.targetId ? (
                  <Button size="sm" variant="danger" data-testid="mod-delete-message" disabled={busy} onClick={need((r) => moderationApi.mod.deleteChat({ params: { id: line.id }, body: { reason: r, reportId } }))}>
                    Delete
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <div className="flex flex-col gap-1">
          <Label htmlFor={`mod-reason-${report.id}`}>Reason for the action</Label>
          <Input
            ref={reasonField}
            id={`mod-reason-${report.id}`}
            value={reason}
            maxLength={500}
            aria-invalid={reasonMissing}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonMissing(false);
            }}
            data-testid="mod-reason"
          />
        </div>
        {report.status === 'open' ? (
          <label className="flex cursor-pointer items-center gap-3 text-lg text-ink" htmlFor={`mod-resolve-with-${report.id}`}>
            <input
              id={`mod-resolve-with-${report.id}`}
              type="checkbox"
              data-testid="mod-resolve-with"
              checked={resolveWith}
              onChange={(e) => setResolveWith(e.target.checked)}
              className="pixel-checkbox"
            />
            Resolve the report with the action
          </label>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {target !== null
            ? MUTE_MINUTES.map((minutes) => (
                <Button key={minutes} size="sm" variant="secondary" disabled={busy} onClick={need((r) => moderationApi.mod.mute({ params: { id: target }, body: { minutes, reason: r, reportId } }))}>
                  Mute {minutes >= 1440 ? `${minutes / 1440} d` : minutes >= 60 ? `${minutes / 60} h` : `${minutes} min`}
                </Button>
              ))
            : null}
          {target !== null ? (
            <>
              <Button size="sm" variant="danger" disabled={busy} onClick={need((r) => moderationApi.mod.suspend({ params: { id: target }, body: { days: 7, reason: r, reportId } }))}>
                Suspend 7 days
              </Button>
              <Button size="sm" variant="danger" disabled={busy} onClick={need((r) => moderationApi.mod.suspend({ params: { id: target }, body: { reason: r, reportId } }))}>
                Suspend for good
              </Button>
            </>
          ) : null}
          {report.kind === 'guild' ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={need((r) => moderationApi.mod.renameGuild({ params: { id: report.targetId }, body: { reason: r, reportId } }))}>
              Rename guild
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {report.status === 'open' ? (
            <>
              <Button size="sm" data-testid="mod-resolve" disabled={busy} onClick={need((r) => moderationApi.mod.resolve({ params: { id: report.id }, body: { reason: r } }))}>
                Resolve
              </Button>
              <Button size="sm" variant="ghost" data-testid="mod-dismiss" disabled={busy} onClick={need((r) => moderationApi.mod.dismiss({ params: { id: report.id }, body: { reason: r } }))}>
                Dismiss
              </Button>
            </>
          ) : (
            <Badge>{report.status}</Badge>
          )}
          {target !== null ? (
            <Button size="sm" variant="ghost" onClick={() => setShowRecord((v) => !v)}>
              {showRecord ? 'Hide record' : "Player's record"}
            </Button>
          ) : null}
        </div>
        {showRecord && record.data ? (
          <div className="grid gap-3 border-2 border-edge p-3 text-lg sm:grid-cols-3" data-testid="mod-record">
            <div>
              <h4 className="font-pixel text-pixel-2xs uppercase">Recent chat</h4>
              <ul>{record.data.chat.slice(-8).map((l) => <li key={l.id} className="truncate">{l.message}</li>)}</ul>
            </div>
            <div>
              <h4 className="font-pixel text-pixel-2xs uppercase">Battles</h4>
              <ul>
                {record.data.battles.map((b) => (
                  <li key={b.replayId}>
                    <Link href={`/replay/${b.replayId}`} className="text-neon-cyan">
                      {b.kind} #{b.replayId}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="font-pixel text-pixel-2xs uppercase">Previous actions</h4>
              <ul>{record.data.actions.map((a) => <li key={a.id}>{a.action}: {a.reason}</li>)}</ul>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
