import { Anvil, Store, Swords, Users, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@common/constants';
import { PixelSprite } from '@client/ui';
import { HERO_PALETTE, HERO_ROWS } from './hero-sprite';

const FEATURES: Array<{ icon: LucideIcon; title: string; text: string; color: string }> = [
  { icon: Swords, title: 'Fight', text: 'Battle computer enemies and real players, turn by turn.', color: 'text-neon-cyan' },
  { icon: Store, title: 'Trade', text: 'List your fighters on the marketplace and buy rare ones.', color: 'text-gold' },
  { icon: Anvil, title: 'Forge', text: 'Collect materials and forge legendary equipment sets.', color: 'text-neon-magenta' },
  { icon: Users, title: 'Guilds', text: 'Join a guild, chat with the arena and climb the rankings.', color: 'text-neon-lime' },
];

/** The pitch beside the login form; on phones only the feature list shows, under the form. */
export function AuthHero() {
  return (
    <section aria-labelledby="auth-hero-title" className="flex flex-col gap-8 md:col-start-1 md:row-start-1">
      {/* Out of sight on a phone but still read: the features' headings need their h2 after the form's h1. */}
      <div className="sr-only md:not-sr-only md:flex md:items-end md:gap-6">
        <div className="relative shrink-0">
          <div aria-hidden className="absolute inset-x-2 -bottom-2 h-3 bg-neon-cyan/20" />
          <PixelSprite rows={HERO_ROWS} palette={HERO_PALETTE} scale={6} className="hero-bob relative" />
        </div>
        <div className="pb-3">
          <p className="font-pixel text-pixel-2xs text-neon-lime uppercase">Insert coin to play</p>
          <h2 id="auth-hero-title" className="mt-3 font-pixel text-pixel-lg leading-snug lg:text-pixel-xl">
            <span className="glitch text-ink" data-text={PRODUCT_NAME}>
              {PRODUCT_NAME}
            </span>
          </h2>
          <p className="mt-3 text-xl text-ink-muted">Live Virtual Character Arena - Battle, Trade, and Dominate</p>
        </div>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {FEATURES.map(({ icon: Icon, title, text, color }) => (
          <li key={title} className="flex gap-3 border-2 border-edge bg-panel/80 p-4">
            <Icon aria-hidden className={`mt-1 size-6 shrink-0 ${color}`} />
            <div>
              <h3 className={`font-pixel text-pixel-xs ${color}`}>{title}</h3>
              <p className="mt-2 text-lg leading-tight text-ink-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
