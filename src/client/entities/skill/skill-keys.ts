/**
 * Query keys of the skill catalogue (a key is also the URL it reads). What a character has
 * learned is a character key (`characterKeys.skills`).
 */
export const skillKeys = {
  /** `GET /api/skills`: every skill; also the prefix of each class's list. */
  all: ['/api/skills'] as const,
  /** `GET /api/skills/{class}`: the skills of one class. */
  ofClass: (classId: string) => ['/api/skills', classId] as const,
};
