import { Sparkles } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function SkillsPage() {
  return <PageHeader title="Skills and Progression" subtitle="Spend skill points and track your progress" icon={<Sparkles />} />;
}
