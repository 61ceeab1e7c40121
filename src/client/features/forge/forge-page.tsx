import { Anvil } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function ForgePage() {
  return <PageHeader title="Forge" subtitle="Forge equipment sets and change your style" icon={<Anvil />} />;
}
