import { z } from 'zod';
import { allocateStatsBody, createCharacterBody } from '../characters';
import { battleResultViewSchema, characterViewSchema, enemyViewSchema, progressionViewSchema } from '../game-api';
import { battleBody, enemyQuery, idParams } from '../requests';
import { defineRoute } from './contract';

/** Characters of SPEC §7: list, current, create, progression, stat points. */
export const characterRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/characters',
    summary: "The player's characters, best (highest level) first",
    tag: 'Characters',
    auth: 'player',
    response: z.array(characterViewSchema),
  }),
  current: defineRoute({
    method: 'GET',
    path: '/api/character',
    summary: "The player's current character: the best one (404 without any)",
    tag: 'Characters',
    auth: 'player',
    response: characterViewSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/characters',
    summary: 'Creates a character (name, class, avatar)',
    tag: 'Characters',
    auth: 'player',
    status: 201,
    idempotent: true,
    body: createCharacterBody,
    response: characterViewSchema,
  }),
  progression: defineRoute({
    method: 'GET',
    path: '/api/characters/:id/progression',
    summary: 'Level, experience and unspent points of an own character',
    tag: 'Characters',
    auth: 'player',
    params: idParams,
    response: progressionViewSchema,
  }),
  allocateStats: defineRoute({
    method: 'POST',
    path: '/api/characters/:id/allocate-stats',
    summary: 'Spends stat points on the four stats',
    tag: 'Characters',
    auth: 'player',
    idempotent: true,
    params: idParams,
    body: allocateStatsBody,
    response: characterViewSchema,
  }),
};

/** PvE: roll an enemy, fight it. */
export const battleRoutes = {
  enemy: defineRoute({
    method: 'GET',
    path: '/api/enemy',
    summary: 'Rolls and remembers an enemy for the current character at a threat (low, even, high; low when absent)',
    tag: 'Battle',
    auth: 'player',
    query: enemyQuery,
    response: enemyViewSchema,
  }),
  fight: defineRoute({
    method: 'POST',
    path: '/api/battle',
    summary: 'Fights the remembered enemy with a character: log, events, rewards and the stored replay',
    tag: 'Battle',
    auth: 'player',
    body: battleBody,
    response: battleResultViewSchema,
  }),
};
