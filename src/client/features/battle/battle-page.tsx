import { Swords } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function BattlePage() {
  return <PageHeader title="Battle Arena" subtitle="Fight computer enemies for experience and credits" icon={<Swords />} />;
}
