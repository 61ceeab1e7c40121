import { Clock, Heart, Lightbulb, TrendingUp, Wind } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui';

const TIPS = [
  { Icon: Heart, text: 'Max HP is twice your defense: a sturdy fighter outlasts a flashy one.' },
  { Icon: Wind, text: 'The faster fighter strikes first each round, and speed helps dodge blows.' },
  { Icon: TrendingUp, text: 'Victories pay experience and credits; even a defeat teaches a little.' },
  { Icon: Clock, text: 'Fighters rest 30 seconds between battles. Roll a New Enemy while you wait.' },
] as const;

/** Short advice for new fighters. */
export function BattleTips() {
  return (
    <Card accent="lime">
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <Lightbulb aria-hidden className="size-4 text-neon-lime" />
        <CardTitle>Battle Tips</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 xl:grid-cols-4">
          {TIPS.map(({ Icon, text }) => (
            <li key={text} className="flex gap-3 border-2 border-edge bg-void/40 p-3 text-base text-ink-muted">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-neon-lime" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
