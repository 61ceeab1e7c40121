import { Castle } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function ArenaPage() {
  return <PageHeader title="PvP Arena" subtitle="Arenas and rankings" icon={<Castle />} />;
}
