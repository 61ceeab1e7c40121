import type { Redis } from 'ioredis';
import type { JournalEntry } from './bus';
import { APPEND_JOURNALS_SCRIPT, CLAIM_JOURNAL_SCRIPT } from './redis-scripts';
import type { Reply, RespPipe } from './resp-pipe';

/** A journal is forgotten this long after its time to live was last set (with its first entry and every 16th; a battle lasts minutes). */
const JOURNAL_TTL_MS = 60 * 60 * 1000;
/** Both keys of a journal get their time to live again with its first entry and every 16th after it. */
const TTL_EVERY = 16;

interface JournalRedis extends Redis {
  appendJournals(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
  claimJournal(ownerKey: string, legacyList: string, base: string, me: string, ttl: number): Promise<string[]>;
}

/** A journal whose list this instance holds: its owner (whose name ends the list's) and the list's length. */
interface Held {
  owner: string;
  length: number;
}

/**
 * The journals of running battles in Redis, fenced by owner. A journal is two keys: the owner key
 * (which instance may append) and a list named after its owner (`journal:<key>@<owner>`). The
 * first append of an instance to a journal runs a script that checks the owner key; once it has
 * appended, the instance holds the list and later entries are a plain RPUSHX to it, many in one
 * write on a connection of their own (`RespPipe`: one batch, one promise), with no script to run. A takeover's claim renames the list to the new owner's name,
 * so an RPUSHX of the old owner finds no list: that entry goes to the checked script, which
 * refuses it (the owner key names the new owner). An RPUSHX that finds no list because Redis lost
 * it (a restart without persistence, or the time to live ran out) goes the same way, and the
 * script starts the journal again under its caller.
 */
export class RedisJournal {
  /** By journal key: the journals this instance holds. */
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly redis: Redis,
    private readonly pipe: RespPipe,
    private readonly prefix: string,
  ) {
    redis.defineCommand('appendJournals', { lua: APPEND_JOURNALS_SCRIPT });
    redis.defineCommand('claimJournal', { numberOfKeys: 2, lua: CLAIM_JOURNAL_SCRIPT });
  }

  private get scripts(): JournalRedis {
    return this.redis as JournalRedis;
  }

  private base(key: string): string {
    return `${this.prefix}journal:${key}@`;
  }

  private listOf(key: string, owner: string): string {
    return this.base(key) + owner;
  }

  private ownerKey(key: string): string {
    return `${this.prefix}journal-owner:${key}`;
  }

  /** The list of a journal from before lists named their owner (a rolling upgrade's running battles). */
  private legacyList(key: string): string {
    return `${this.prefix}journal:${key}`;
  }

  /** Appends each entry if `owner` owns its journal (or nobody does); answers which were appended. */
  async append(owner: string, entries: readonly JournalEntry[]): Promise<boolean[]> {
    const texts = entries.map(({ entry }) => JSON.stringify(entry));
    const answers = entries.map(() => false);
    const fast: number[] = [];
    const checked: number[] = [];
    entries.forEach(({ key }, i) => (this.held.get(key)?.owner === owner ? fast : checked).push(i));
    // Usually every entry goes to a held list: one round trip, nothing else to wait for.
    const [pushed, firsts] =
      checked.length === 0
        ? [await this.pushHeld(entries, texts, fast), []]
        : await Promise.all([this.pushHeld(entries, texts, fast), this.appendChecked(owner, entries, texts, checked)]);
    firsts.forEach((ok, n) => (answers[checked[n]!] = ok));
    const missed: number[] = [];
    pushed.forEach((ok, n) => (ok ? (answers[fast[n]!] = true) : missed.push(fast[n]!)));
    if (missed.length > 0) {
      // The list is gone: taken over (the script refuses), or lost by Redis (the script starts it again).
      for (const i of missed) this.held.delete(entries[i]!.key);
      (await this.appendChecked(owner, entries, texts, missed)).forEach((ok, n) => (answers[missed[n]!] = ok));
    }
    return answers;
  }

  /** RPUSHX to held lists, in one write; false where the list no longer exists. */
  private async pushHeld(entries: readonly JournalEntry[], texts: string[], which: number[]): Promise<boolean[]> {
    if (which.length === 0) return [];
    const commands: string[][] = [];
    const at: number[] = [];
    for (const i of which) {
      const { key } = entries[i]!;
      const held = this.held.get(key)!;
      const list = this.listOf(key, held.owner);
      held.length += 1;
      if (held.length % TTL_EVERY === 1) {
        commands.push(['PEXPIRE', list, String(JOURNAL_TTL_MS)], ['PEXPIRE', this.ownerKey(key), String(JOURNAL_TTL_MS)]);
      }
      at.push(commands.length);
      commands.push(['RPUSHX', list, texts[i]!]);
    }
    const replies = await this.pipe.send(commands);
    return which.map((i, n) => {
      const length = lengthOf(replies[at[n]!]);
      const held = this.held.get(entries[i]!.key);
      if (held && length > 0) held.length = length;
      return length > 0;
    });
  }

  /** The checked script: appends where the owner key names `owner` or nothing, and holds those lists from now on. */
  private async appendChecked(owner: string, entries: readonly JournalEntry[], texts: string[], which: number[]): Promise<boolean[]> {
    if (which.length === 0) return [];
    const keys = which.flatMap((i) => [this.listOf(entries[i]!.key, owner), this.ownerKey(entries[i]!.key)]);
    const lengths = await this.scripts.appendJournals(keys.length, ...keys, owner, JOURNAL_TTL_MS, ...which.map((i) => texts[i]!));
    return which.map((i, n) => {
      const { key } = entries[i]!;
      const length = Number(lengths[n] ?? 0);
      if (length > 0) this.held.set(key, { owner, length });
      else if (this.held.get(key)?.owner === owner) this.held.delete(key);
      return length > 0;
    });
  }

  /** Makes `owner` the journal's owner (its list renamed to `owner`'s name) and answers its entries. */
  async claim(owner: string, key: string): Promise<unknown[]> {
    const texts = await this.scripts.claimJournal(this.ownerKey(key), this.legacyList(key), this.base(key), owner, JOURNAL_TTL_MS);
    if (texts.length > 0) this.held.set(key, { owner, length: texts.length });
    else this.held.delete(key);
    return texts.map((text) => JSON.parse(text) as unknown);
  }

  /** Forgets these journals (their owner key, and the list this instance holds), in one call. */
  async drop(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const doomed = keys.flatMap((key) => {
      const owner = this.held.get(key)?.owner;
      this.held.delete(key);
      return [this.ownerKey(key), this.legacyList(key), ...(owner === undefined ? [] : [this.listOf(key, owner)])];
    });
    await this.redis.del(...doomed);
  }
}

/** An RPUSHX's answer: the list's length (0 when there was no list); an error reply fails the append. */
function lengthOf(reply: Reply | undefined): number {
  if (reply instanceof Error) throw reply;
  if (typeof reply !== 'number') throw new Error(`RPUSHX answered ${String(reply)}`);
  return reply;
}
