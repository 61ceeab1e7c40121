import { Shield } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function EquipmentPage() {
  return <PageHeader title="Equipment and Skills" subtitle="Gear up your fighter and learn new skills" icon={<Shield />} />;
}
