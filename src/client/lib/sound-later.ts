import type { SoundName } from './sound-synth';

/**
 * Plays an effect (sound.ts) that no screen's first render needs, such as a notification's or a
 * challenge's chime: the synthesiser and its recipes load with the first of them, not with the
 * shell that listens for them. A load that fails is silent, as a sound that cannot play is.
 */
export function playSoundLater(name: Exclude<SoundName, 'battle_ambient'>): void {
  import('./sound').then(
    (sound) => sound.playSound(name),
    () => undefined,
  );
}
