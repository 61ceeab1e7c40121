import type { ReactNode } from 'react';
import { Shield, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button, PageHeader } from '@client/ui';
import { NoCharacterCard } from '@client/entities/character/character-gate';

/** The frame of the Skills screen and what it shows before the skill tree. */

function Header() {
  return (
    <PageHeader
      title="Skills and Progression"
      subtitle="Spend skill points and track your progress"
      icon={<Sparkles />}
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link href="/equipment">
            <Shield aria-hidden />
            Equipment
          </Link>
        </Button>
      }
    />
  );
}

export function Shell({ children }: { children: ReactNode }) {
  return (
    <div data-testid="skills-page">
      <Header />
      {children}
    </div>
  );
}

export function NoCharacters() {
  return <NoCharacterCard title="No Characters Found" message="Create a fighter to start learning skills." testId="no-characters" />;
}

export function SkillGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading skills" data-testid="skills-loading">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} aria-hidden className="flex h-72 flex-col gap-3 border-2 border-l-4 border-edge bg-panel-2 p-3">
          <div className="flex gap-3">
            <span className="size-11 shrink-0 bg-panel-3 motion-safe:animate-pulse" />
            <div className="flex flex-1 flex-col gap-2">
              <span className="h-3 w-3/4 bg-panel-3 motion-safe:animate-pulse" />
              <span className="h-5 w-1/3 bg-panel-3 motion-safe:animate-pulse" />
            </div>
          </div>
          <span className="h-10 w-full bg-panel-3 motion-safe:animate-pulse" />
          <span className="h-12 w-full bg-panel-3 motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
