import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { ImageSetView } from '@common/economy-api';
import { requirementText } from '@common/image-sets';
import { avatarSpriteFile } from '@common/sprite-files';
import { characters, users } from '../db/schema';
import { imageSets, userImageSets } from '../db/schema-forge';
import type { CharacterRow } from '../db/schema';
import { currentCharacterRow, ownedCharacter } from './characters';
import { badRequest, notFound } from '../errors';
import { moveCredits } from './ledger';
import { transact } from './transaction';

/**
 * Image sets (DESIGN §4 Economy): looks a character can wear. The default is free; the others
 * cost credits, paid once per player through the ledger, and need a level or a number of wins
 * on the character that changes into them.
 */

export const IMAGE_SET_MESSAGES = {
  noCharacter: 'Create a character first',
  unknown: 'Image set not found',
  alreadyCurrent: 'Already wearing that look',
} as const;

type ImageSetRow = typeof imageSets.$inferSelect;

/** Why the character cannot wear the set yet, if so: 'Requires level 5' or 'Requires 10 wins'. */
export function requirementProblem(set: ImageSetRow, character: Pick<CharacterRow, 'level' | 'wins'>): string | null {
  if (set.requiredLevel && character.level < set.requiredLevel) return `Requires level ${set.requiredLevel}`;
  if (set.requiredWins && character.wins < set.requiredWins) return `Requires ${set.requiredWins} wins`;
  return null;
}

/** `GET /api/character/image-sets`: every set as seen by the player's current (best) character. */
export async function list({ db }: AppContext, userId: number): Promise<ImageSetView[]> {
  const character = await currentCharacterRow(db, userId);
  if (!character) throw notFound(IMAGE_SET_MESSAGES.noCharacter);
  const rows = await db
    .select({ set: imageSets, unlockedAt: userImageSets.unlockedAt })
    .from(imageSets)
    .leftJoin(userImageSets, and(eq(userImageSets.imageSetId, imageSets.id), eq(userImageSets.userId, userId)))
    .orderBy(asc(imageSets.cost), asc(imageSets.id));
  return rows.map(({ set, unlockedAt }) => {
    const requirement = { level: set.requiredLevel ?? undefined, wins: set.requiredWins ?? undefined };
    return {
      id: set.id,
      name: set.name,
      description: set.description,
      cost: set.cost,
      preview: avatarSpriteFile(character.characterAvatar, set.id),
      unlockRequirement: {
        ...(requirement.level ? { level: requirement.level } : {}),
        ...(requirement.wins ? { wins: requirement.wins } : {}),
        text: requirementText(requirement),
      },
      unlocked: set.cost === 0 || unlockedAt !== null,
      requirementMet: requirementProblem(set, character) === null,
      current: character.imageSet === set.id,
    };
  });
}

export interface ChangeImageSetRequest {
  characterId: number;
  imageSet: string;
}

/**
 * `POST /api/character/change-image-set`: in one transaction, locks the character (403/404 when
 * not the player's) and then the player's account row, so parallel changes are serialised and
 * a set is paid for at most once; checks the set and its requirement, pays the first time and
 * records the unlock, then changes the look.
 */
export async function change(ctx: AppContext, userId: number, request: ChangeImageSetRequest): Promise<{ message: string }> {
  return transact(ctx, async (tx) => {
    const character = await ownedCharacter(tx, userId, request.characterId, true);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

    const [set] = await tx.select().from(imageSets).where(eq(imageSets.id, request.imageSet)).limit(1);
    if (!set) throw notFound(IMAGE_SET_MESSAGES.unknown);
    if (character.imageSet === set.id) throw badRequest(IMAGE_SET_MESSAGES.alreadyCurrent);
    const problem = requirementProblem(set, character);
    if (problem) throw badRequest(problem);

    if (set.cost > 0) {
      const [unlocked] = await tx
        .select({ id: userImageSets.imageSetId })
        .from(userImageSets)
        .where(and(eq(userImageSets.userId, userId), eq(userImageSets.imageSetId, set.id)))
        .limit(1);
      if (!unlocked) {
        await moveCredits(tx, { userId, delta: -set.cost, reason: 'image_set_purchase', reference: `image_set:${set.id}` });
        await tx.insert(userImageSets).values({ userId, imageSetId: set.id });
      }
    }

    await tx.update(characters).set({ imageSet: set.id }).where(eq(characters.id, character.id));
    return { message: `Image set changed to ${set.name}` };
  });
}
