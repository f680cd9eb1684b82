import { usernameKey, type PublicProfile } from '@pbshare/shared';
import { LRUCache } from 'lru-cache';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer.js';

/**
 * Where a name leads: a person and the version of what a visitor sees of them, or the current
 * name of whoever renamed away from it.
 */
export type ProfileLocation =
  { userId: string; version: number; movedTo?: never } | { movedTo: string; userId?: never };

/** What the kept answers read: the public-profile module's service provides both. */
export interface ProfileSource {
  /** Reads the version on every call, by the read the switch chose (version-reads.ts). */
  locate(username: string): Promise<ProfileLocation | undefined>;
  /** The profile, 'unavailable' while moderation has suspended it, undefined for nobody. */
  find(username: string): Promise<PublicProfile | 'unavailable' | undefined>;
}

/** How one kind of public answer (the API's JSON, the page's HTML) is made from a profile. */
export interface AnswerKind {
  /** Keeps this kind's answers apart from the others' of the same profile. */
  name: string;
  /**
   * Whether the answer depends on the spelling of the name asked for (the page echoes it), not
   * only on the person. Each spelling is then kept apart.
   */
  bySpelling?: boolean;
  /** One PB's page: kept under a cap of its own, one per visible PB and spelling. */
  perPb?: boolean;
  render(profile: PublicProfile, username: string): string;
}

/**
 * A kind that depends on which PBs the profile shows: one PB's page when that PB is visible, the
 * profile's page otherwise. `name` keeps its builds apart until the choice is known.
 */
export interface AnswerChoice {
  name: string;
  choose(visiblePbIds: ReadonlySet<string>): AnswerKind;
}

export type PublicAnswer =
  | { status: 'found'; answer: PreparedAnswer }
  | { status: 'moved'; username: string }
  | { status: 'missing' }
  | { status: 'unavailable' };

/** The answers kept for one person, valid while their profile version stays the same. */
interface ProfileEntry {
  userId: string;
  version: number;
  answers: Map<string, PreparedAnswer>;
  /** How many of `answers` are one PB's page. */
  pbPages: number;
  /** The visible PBs of that version, so a choice is made without reading the profile. */
  pbIds: ReadonlySet<string>;
  bytes: number;
}

/**
 * Answers kept per person: the API's and a few spellings of the page (Maya, maya, MAYA). Answers
 * beyond that are made each time, so odd spellings cannot crowd other people out of the cache.
 */
const ANSWERS_KEPT_PER_PERSON = 5;
/**
 * One PB's pages kept per person (one per PB and spelling asked for). Only a visible PB gets one,
 * so the count is bounded by the profile; the cache's byte budget bounds them all.
 */
const PB_PAGES_KEPT_PER_PERSON = 40;
const MISSING: PublicAnswer = { status: 'missing' };
const UNAVAILABLE: PublicAnswer = { status: 'unavailable' };

/**
 * The public answers of each person, made once per version of their profile and served as
 * prepared bytes. Every request is still checked against the person's `profile_version` as it
 * stands after the request arrived (version-reads.ts), and every write a visitor could see bumps
 * it in its transaction, so an answer is never served after the change that outdated it has
 * committed, whichever process made the change. A name nobody has any more drops its entry.
 *
 * The version is read before the profile, so a kept answer is never older than the version it is
 * filed under; at worst it is newer, and the next request, seeing a newer version, makes it again.
 */
export class PublicProfileAnswers {
  /** The people most recently asked for, within a budget of bytes (decision 0009). */
  private readonly cache: LRUCache<string, ProfileEntry>;
  /** Answers being made, so requests that arrive together for the same version share one. */
  private readonly making = new Map<string, Promise<PublicAnswer>>();

  constructor(
    private readonly profiles: ProfileSource,
    private readonly options: { maxBytes: number; compressThreshold: number },
  ) {
    this.cache = new LRUCache({ maxSize: options.maxBytes });
  }

  async lookup(username: string, wanted: AnswerKind | AnswerChoice): Promise<PublicAnswer> {
    const location = await this.profiles.locate(username);
    const key = usernameKey(username);
    if (location?.userId === undefined) {
      this.cache.delete(key);
      return location?.movedTo === undefined
        ? MISSING
        : { status: 'moved', username: location.movedTo };
    }
    const cached = this.cache.get(key);
    const entry =
      cached?.userId === location.userId && cached.version === location.version
        ? cached
        : undefined;
    // A choice is made from the kept version's PBs; without them, by the build that reads them.
    const kind = 'choose' in wanted ? (entry ? wanted.choose(entry.pbIds) : undefined) : wanted;
    const kept = kind && entry?.answers.get(variantOf(kind, username));
    if (kept) return { status: 'found', answer: kept };

    const what = kind ? variantOf(kind, username) : `choice:${wanted.name}:${username}`;
    const job = `${key}\n${what}\n${location.userId}\n${location.version}`;
    let making = this.making.get(job);
    if (!making) {
      making = this.make(key, username, location, kind ?? wanted).finally(() => {
        this.making.delete(job);
      });
      this.making.set(job, making);
    }
    return making;
  }

  /**
   * The kept answer of `kind` for `username` while it is still current, else undefined; what the
   * front door serves without Fastify (answer-lane.ts). The version is read exactly as `lookup`
   * reads it. Anything else (no answer kept, a newer version, a name that moved or is missing)
   * is for `lookup`, through the route; a name with nothing kept costs no read here.
   */
  async kept(
    username: string,
    kind: Pick<AnswerKind, 'name' | 'bySpelling'>,
  ): Promise<PreparedAnswer | undefined> {
    const key = usernameKey(username);
    if (!this.cache.has(key)) return undefined;
    const location = await this.profiles.locate(username);
    const entry = this.cache.get(key);
    if (location?.userId === undefined || entry === undefined) return undefined;
    if (entry.userId !== location.userId || entry.version !== location.version) return undefined;
    return entry.answers.get(variantOf(kind, username));
  }

  private async make(
    key: string,
    username: string,
    location: { userId: string; version: number },
    wanted: AnswerKind | AnswerChoice,
  ): Promise<PublicAnswer> {
    const profile = await this.profiles.find(username);
    // Gone between the two reads (deleted or renamed): the next request will say where.
    if (!profile) return MISSING;
    // Suspended: nothing is kept (each request reads again, as for a name nobody has), and what
    // was kept of the profile goes.
    if (profile === 'unavailable') {
      this.cache.delete(key);
      return UNAVAILABLE;
    }
    const pbIds = new Set(profile.pbs.map((pb) => pb.id));
    const kind = 'choose' in wanted ? wanted.choose(pbIds) : wanted;
    const answer = await prepareAnswer(
      kind.render(profile, username),
      this.options.compressThreshold,
    );
    this.keep(key, { ...location, pbIds }, variantOf(kind, username), kind.perPb === true, answer);
    return { status: 'found', answer };
  }

  private keep(
    key: string,
    made: { userId: string; version: number; pbIds: ReadonlySet<string> },
    variant: string,
    perPb: boolean,
    answer: PreparedAnswer,
  ): void {
    let entry = this.cache.get(key);
    const same = entry?.userId === made.userId;
    // Another request already kept a newer version: this one is older, and must not replace it.
    if (entry && same && entry.version > made.version) return;
    if (!entry || !same || entry.version !== made.version) {
      const idBytes = [...made.pbIds].reduce((sum, id) => sum + id.length, 0);
      entry = { ...made, answers: new Map(), pbPages: 0, bytes: key.length + idBytes };
    }
    const before = entry.answers.get(variant);
    let pbPages = entry.pbPages;
    if (!before) {
      const count = perPb ? pbPages : entry.answers.size - pbPages;
      if (count >= (perPb ? PB_PAGES_KEPT_PER_PERSON : ANSWERS_KEPT_PER_PERSON)) return;
      if (perPb) pbPages += 1;
    }
    // A new entry, never the kept one changed: lru-cache takes a new size only with a new value.
    const grown: ProfileEntry = {
      ...entry,
      answers: new Map(entry.answers).set(variant, answer),
      pbPages,
      bytes: entry.bytes + answer.bytes - (before?.bytes ?? 0),
    };
    // One larger than the whole budget is not kept (and drops what was kept under the name).
    this.cache.set(key, grown, { size: grown.bytes });
  }
}

function variantOf(kind: Pick<AnswerKind, 'name' | 'bySpelling'>, username: string): string {
  return kind.bySpelling ? `${kind.name}:${username}` : kind.name;
}
