import { Trophy } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function LeaderboardPage() {
  return <PageHeader title="Player Rankings" subtitle="The strongest players of the arena" icon={<Trophy />} />;
}
