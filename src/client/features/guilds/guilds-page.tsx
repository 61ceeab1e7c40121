import { Flag } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function GuildsPage() {
  return <PageHeader title="Guilds" subtitle="Team up, fight guild battles and grow together" icon={<Flag />} />;
}
