import { usernameKey, type PublicProfile } from '@pbshare/shared';
import { ByteBoundedLru } from './byte-bounded-lru.js';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer.js';
import type { PublicProfileService } from './service.js';

/** How one kind of public answer (the API's JSON, the page's HTML) is made from a profile. */
export interface AnswerKind {
  /** Keeps this kind's answers apart from the others' of the same profile. */
  name: string;
  /**
   * Whether the answer depends on the spelling of the name asked for (the page echoes it), not
   * only on the person. Each spelling is then kept apart.
   */
  bySpelling?: boolean;
  render(profile: PublicProfile, username: string): string;
}

export type PublicAnswer =
  | { status: 'found'; answer: PreparedAnswer }
  | { status: 'moved'; username: string }
  | { status: 'missing' };

/** The answers kept for one person, valid while their profile version stays the same. */
interface ProfileEntry {
  userId: string;
  version: number;
  answers: Map<string, PreparedAnswer>;
  bytes: number;
}

/**
 * Answers kept per person: the API's and a few spellings of the page (Maya, maya, MAYA). Answers
 * beyond that are made each time, so odd spellings cannot crowd other people out of the cache.
 */
const ANSWERS_KEPT_PER_PERSON = 5;
const MISSING: PublicAnswer = { status: 'missing' };

/**
 * The public answers of each person, made once per version of their profile and served as
 * prepared bytes. Every request still asks the database for the person's `profile_version` (one
 * indexed read); every write a visitor could see bumps it in its transaction, so an answer is
 * never served after the change that outdated it has committed, whichever process made the
 * change. A name nobody has any more (deleted, renamed) drops its entry.
 *
 * The version is read before the profile, so a kept answer is never older than the version it is
 * filed under; at worst it is newer, and the next request, seeing a newer version, makes it again.
 */
export class PublicProfileAnswers {
  private readonly cache: ByteBoundedLru<ProfileEntry>;
  /** Answers being made, so requests that arrive together for the same version share one. */
  private readonly making = new Map<string, Promise<PreparedAnswer | undefined>>();

  constructor(
    private readonly profiles: PublicProfileService,
    private readonly options: { maxBytes: number; compressThreshold: number },
  ) {
    this.cache = new ByteBoundedLru(options.maxBytes);
  }

  async lookup(username: string, kind: AnswerKind): Promise<PublicAnswer> {
    const location = await this.profiles.locate(username);
    const key = usernameKey(username);
    if (location?.userId === undefined) {
      this.cache.delete(key);
      return location?.movedTo === undefined
        ? MISSING
        : { status: 'moved', username: location.movedTo };
    }
    const variant = kind.bySpelling ? `${kind.name}:${username}` : kind.name;
    const entry = this.cache.get(key);
    const kept =
      entry?.userId === location.userId && entry.version === location.version
        ? entry.answers.get(variant)
        : undefined;
    if (kept) return { status: 'found', answer: kept };

    const job = `${key}\n${variant}\n${location.userId}\n${location.version}`;
    let making = this.making.get(job);
    if (!making) {
      making = this.make(key, variant, username, location, kind).finally(() => {
        this.making.delete(job);
      });
      this.making.set(job, making);
    }
    const answer = await making;
    return answer ? { status: 'found', answer } : MISSING;
  }

  private async make(
    key: string,
    variant: string,
    username: string,
    location: { userId: string; version: number },
    kind: AnswerKind,
  ): Promise<PreparedAnswer | undefined> {
    const profile = await this.profiles.find(username);
    // Gone between the two reads (deleted or renamed): the next request will say where.
    if (!profile) return undefined;
    const answer = await prepareAnswer(
      kind.render(profile, username),
      this.options.compressThreshold,
    );
    this.keep(key, variant, location, answer);
    return answer;
  }

  private keep(
    key: string,
    variant: string,
    location: { userId: string; version: number },
    answer: PreparedAnswer,
  ): void {
    let entry = this.cache.get(key);
    const same = entry?.userId === location.userId;
    // Another request already kept a newer version: this one is older, and must not replace it.
    if (entry && same && entry.version > location.version) return;
    if (!entry || !same || entry.version !== location.version) {
      entry = { ...location, answers: new Map(), bytes: key.length };
    }
    const before = entry.answers.get(variant);
    if (!before && entry.answers.size >= ANSWERS_KEPT_PER_PERSON) return;
    entry.answers.set(variant, answer);
    entry.bytes += answer.bytes - (before?.bytes ?? 0);
    this.cache.set(key, entry, entry.bytes);
  }
}
