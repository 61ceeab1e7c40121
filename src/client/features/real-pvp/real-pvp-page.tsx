import { Zap } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function RealPvpPage() {
  return <PageHeader title="Real PvP" subtitle="Real-time duels against other players" icon={<Zap />} />;
}
