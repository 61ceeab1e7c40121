import { ShieldCheck } from 'lucide-react';
import { ApiError } from '@client/lib/api';
import { Card, CardContent, PageHeader, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { ReportCard } from './report-card';
import { useAudit, useReports } from './use-moderation';

/** The moderators' console: the reports queue with evidence and actions, and the audit log. */
export function ModerationPage() {
  const open = useReports('open');
  if (open.error instanceof ApiError && open.error.status === 403) {
    return (
      <Card>
        <CardContent className="pt-5 text-lg" data-testid="mod-forbidden">
          Only moderators can see this screen.
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Moderation" subtitle="Reports, evidence and the log of every action" icon={<ShieldCheck aria-hidden className="size-8" />} />
      <Tabs defaultValue="open">
        <TabsList>
          <TabsTrigger value="open">Open reports</TabsTrigger>
          <TabsTrigger value="resolved">Handled</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="open">
          <ReportList status="open" />
        </TabsContent>
        <TabsContent value="resolved">
          <ReportList status="resolved" />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ReportList({ status }: { status: 'open' | 'resolved' }) {
  const { data, isPending } = useReports(status);
  if (isPending) return <Spinner label="Loading reports..." />;
  if (!data || data.reports.length === 0) return <p className="text-lg text-ink-muted">{status === 'open' ? 'No open reports. All quiet.' : 'Nothing handled yet.'}</p>;
  return (
    <ul className="flex flex-col gap-4" data-testid={`mod-reports-${status}`}>
      {data.reports.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function AuditLog() {
  const { data, isPending } = useAudit();
  if (isPending) return <Spinner label="Loading the log..." />;
  return (
    <ol className="flex flex-col gap-1 text-lg" data-testid="mod-audit">
      {(data?.entries ?? []).map((e) => (
        <li key={e.id} className="flex flex-wrap gap-x-3 border-b border-edge py-1">
          <time className="text-ink-dim" dateTime={e.createdAt}>
            {new Date(e.createdAt).toLocaleString()}
          </time>
          <strong>{e.actor}</strong>
          <span className="text-neon-cyan">{e.action}</span>
          {e.targetName ? <span className="text-ink">{e.targetName}</span> : null}
          <span className="text-ink-dim">{e.target}</span>
          <span className="text-ink-muted">{e.reason}</span>
        </li>
      ))}
    </ol>
  );
}
